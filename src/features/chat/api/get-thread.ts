import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { MESSAGE_COLUMNS } from '@/features/chat/api/message-columns';
import { chatKeys } from '@/features/chat/api/query-keys';

/** A thread's replies, oldest first. */
export async function getThread(parentId: string) {
  return throwIfError(await supabase.from('tc_team_messages').select(MESSAGE_COLUMNS).eq('parent_message_id', parentId).order('created_at').order('id').limit(200));
}

export function threadQueryOptions(parentId: string) {
  return queryOptions({ queryKey: chatKeys.thread(parentId), queryFn: () => getThread(parentId) });
}

export function useThread(parentId: string) {
  return useQuery(threadQueryOptions(parentId));
}
