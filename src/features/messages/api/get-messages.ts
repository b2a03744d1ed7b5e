import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { nextCursor, olderThanFilter, type KeysetCursor } from '@/lib/keyset-cursor';
import { supabase } from '@/lib/supabase';
import { isTeamScope, type FeedScope } from '@/features/messages/api/feed-scope';
import { messageKeys } from '@/features/messages/api/query-keys';

/** Spec part 1 §9: messages refresh every 5 s; Realtime normally delivers sooner. Only the newest page is re-read. */
export const MESSAGES_REFRESH_MS = 5000;
export const MESSAGES_PAGE_SIZE = 30;

/** E-mail rows (messages to parties and their replies) carry their direction, sender, subject and the message's recipients. */
const MESSAGE_COLUMNS =
  'id, listing_id, team_tc_id, sender_id, content, is_voice, voice_url, duration, created_at, email_direction, email_from, email_subject, sender:users!messages_sender_id_fkey(first_name, last_name, email, profile_image_url), party_message:party_messages!messages_party_message_id_fkey(to_recipients)';

/**
 * One page of a feed, newest first: the newest `pageSize` messages, or those
 * strictly older than `before` (keyset on created_at, id; index messages_*_feed_idx).
 */
export async function getMessagesPage(scope: FeedScope, before?: KeysetCursor | null, pageSize = MESSAGES_PAGE_SIZE) {
  let query = supabase.from('messages').select(MESSAGE_COLUMNS);
  query = isTeamScope(scope) ? query.eq('team_tc_id', scope.teamId).eq('is_general', true) : query.eq('listing_id', scope.listingId);
  if (before) query = query.or(olderThanFilter(before));
  return throwIfError(await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(pageSize));
}

export type Message = Awaited<ReturnType<typeof getMessagesPage>>[number];
export type FeedData = InfiniteData<Message[], KeysetCursor | null>;

export function messagesFeedQueryOptions(scope: FeedScope) {
  return infiniteQueryOptions({
    queryKey: messageKeys.feed(scope),
    queryFn: ({ pageParam }) => getMessagesPage(scope, pageParam),
    initialPageParam: null as KeysetCursor | null,
    getNextPageParam: (lastPage) => nextCursor(lastPage, MESSAGES_PAGE_SIZE),
  });
}
