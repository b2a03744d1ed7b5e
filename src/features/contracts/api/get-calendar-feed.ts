import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { contractKeys } from '@/features/contracts/api/query-keys';

/**
 * Whether the signed-in account's calendar feed is on, since when, when a
 * calendar last fetched it and when it stops unless fetched
 * (public.calendar_feeds: the owner reads all but the token's hash; the token
 * itself is never stored, so its URL cannot be read back).
 */
export async function getCalendarFeed(userId: string) {
  return throwIfError(
    await supabase.from('calendar_feeds').select('user_id, created_at, last_fetched_at, expires_at').eq('user_id', userId).maybeSingle(),
  );
}

export function calendarFeedQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...contractKeys.calendarFeed, userId] as const, queryFn: () => getCalendarFeed(userId) });
}

export function useCalendarFeed(userId: string) {
  return useQuery(calendarFeedQueryOptions(userId));
}
