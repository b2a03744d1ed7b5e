import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { nextCursor, olderThanFilter, type KeysetCursor } from '@/lib/keyset-cursor';
import { supabase } from '@/lib/supabase';
import { inChannel } from '@/features/chat/api/channel-filter';
import { MESSAGE_COLUMNS } from '@/features/chat/api/message-columns';
import { chatKeys, type ChannelKey } from '@/features/chat/api/query-keys';

export const FEED_PAGE_SIZE = 30;

/** One page of a channel's top-level messages, newest first, older than `before`. */
export async function getMessagesPage(key: ChannelKey, before: KeysetCursor | null) {
  let query = inChannel(supabase.from('tc_team_messages').select(MESSAGE_COLUMNS).is('parent_message_id', null), key);
  // Keyset paging, so new messages never shift pages.
  if (before) query = query.or(olderThanFilter(before));
  return throwIfError(await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(FEED_PAGE_SIZE));
}

export type ChatMessage = Awaited<ReturnType<typeof getMessagesPage>>[number];

export function messagesQueryOptions(key: ChannelKey) {
  return infiniteQueryOptions({
    queryKey: chatKeys.feed(key),
    queryFn: ({ pageParam }) => getMessagesPage(key, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (page) => nextCursor(page, FEED_PAGE_SIZE) ?? null,
  });
}

/** The feed, oldest first for display; `fetchNextPage` loads older history. */
export function useMessages(key: ChannelKey) {
  return useInfiniteQuery({ ...messagesQueryOptions(key), select: (data) => data.pages.flat().reverse() });
}
