import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { inChannel } from '@/features/chat/api/channel-filter';
import { MESSAGE_COLUMNS } from '@/features/chat/api/message-columns';
import { chatKeys, type ChannelKey } from '@/features/chat/api/query-keys';

export const FEED_PAGE_SIZE = 30;

/** Where the previous page ended: the oldest message shown (keyset, so new messages never shift pages). */
export interface FeedCursor {
  created_at: string;
  id: string;
}

/** One page of a channel's top-level messages, newest first, older than `before`. */
export async function getMessagesPage(key: ChannelKey, before: FeedCursor | null) {
  let query = inChannel(supabase.from('tc_team_messages').select(MESSAGE_COLUMNS).is('parent_message_id', null), key);
  if (before) query = query.or(`created_at.lt."${before.created_at}",and(created_at.eq."${before.created_at}",id.lt.${before.id})`);
  return throwIfError(await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(FEED_PAGE_SIZE));
}

export type ChatMessage = Awaited<ReturnType<typeof getMessagesPage>>[number];

export function messagesQueryOptions(key: ChannelKey) {
  return infiniteQueryOptions({
    queryKey: chatKeys.feed(key),
    queryFn: ({ pageParam }) => getMessagesPage(key, pageParam),
    initialPageParam: null as FeedCursor | null,
    getNextPageParam: (page): FeedCursor | null => (page.length < FEED_PAGE_SIZE ? null : { created_at: page[page.length - 1].created_at, id: page[page.length - 1].id }),
  });
}

/** The feed, oldest first for display; `fetchNextPage` loads older history. */
export function useMessages(key: ChannelKey) {
  return useInfiniteQuery({ ...messagesQueryOptions(key), select: (data) => data.pages.flat().reverse() });
}
