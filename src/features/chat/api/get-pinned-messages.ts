import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { inChannel } from '@/features/chat/api/channel-filter';
import { MESSAGE_COLUMNS } from '@/features/chat/api/message-columns';
import { chatKeys, type ChannelKey } from '@/features/chat/api/query-keys';

/** The channel's pinned messages, newest first (at most 50). */
export async function getPinnedMessages(key: ChannelKey) {
  return throwIfError(await inChannel(supabase.from('tc_team_messages').select(MESSAGE_COLUMNS).eq('is_pinned', true), key).order('created_at', { ascending: false }).limit(50));
}

export function pinnedMessagesQueryOptions(key: ChannelKey) {
  return queryOptions({ queryKey: chatKeys.pinned(key), queryFn: () => getPinnedMessages(key) });
}

export function usePinnedMessages(key: ChannelKey) {
  return useQuery(pinnedMessagesQueryOptions(key));
}
