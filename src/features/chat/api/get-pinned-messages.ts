import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { inChannel } from '@/features/chat/api/channel-filter';
import { MESSAGE_COLUMNS } from '@/features/chat/api/message-columns';
import { chatKeys, type ChannelKey } from '@/features/chat/api/query-keys';

/**
 * The channel's pinned messages, newest first (at most 50). `is.true` is sent
 * as `is_pinned IS TRUE` in the SQL text, where `eq.true` would be a parameter:
 * signed-in requests run on generic plans, which see the value only when it
 * is in the text, and only then know that almost no message is pinned.
 */
export async function getPinnedMessages(key: ChannelKey) {
  return throwIfError(await inChannel(supabase.from('tc_team_messages').select(MESSAGE_COLUMNS).is('is_pinned', true), key).order('created_at', { ascending: false }).limit(50));
}

export function pinnedMessagesQueryOptions(key: ChannelKey) {
  return queryOptions({ queryKey: chatKeys.pinned(key), queryFn: () => getPinnedMessages(key) });
}

export function usePinnedMessages(key: ChannelKey) {
  return useQuery(pinnedMessagesQueryOptions(key));
}
