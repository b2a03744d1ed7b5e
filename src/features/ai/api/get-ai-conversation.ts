import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { aiKeys } from '@/features/ai/api/query-keys';

/** The chat shows the latest entries of one's history. */
export const CONVERSATION_LIMIT = 100;

export const conversationEntrySchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string(),
});
/** Spec part 2 §3 "AI conversation entry". */
export type ConversationEntry = z.infer<typeof conversationEntrySchema>;

/**
 * The account's own chat history, oldest first: the latest CONVERSATION_LIMIT
 * entries (index ai_conversations_user_id_timestamp_idx). Filtered by user_id
 * explicitly: RLS also lets a super admin read everyone's.
 */
export async function getAiConversation(userId: string): Promise<ConversationEntry[]> {
  const rows = throwIfError(
    await supabase
      .from('ai_conversations')
      .select('id, role, content, timestamp')
      .eq('user_id', userId)
      .order('timestamp', { ascending: false })
      .order('id', { ascending: false })
      .limit(CONVERSATION_LIMIT),
  );
  return z.array(conversationEntrySchema).parse(rows).reverse();
}

export function aiConversationQueryOptions(userId: string) {
  return queryOptions({ queryKey: aiKeys.conversation(userId), queryFn: () => getAiConversation(userId) });
}

export function useAiConversation(userId: string) {
  return useQuery(aiConversationQueryOptions(userId));
}
