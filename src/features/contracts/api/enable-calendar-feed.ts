import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { contractKeys } from '@/features/contracts/api/query-keys';

/** The secret address calendar apps subscribe to: the calendar-feed Edge Function with the token in its path. */
export function calendarFeedUrl(token: string): string {
  return `${env.VITE_SUPABASE_URL.replace(/\/$/, '')}/functions/v1/calendar-feed/${token}.ics`;
}

/** enable_calendar_feed(): a new secret token (any earlier one stops working); returns the feed's address. */
export async function enableCalendarFeed(): Promise<string> {
  const token = throwIfError(await supabase.rpc('enable_calendar_feed'));
  return calendarFeedUrl(token);
}

/** Turning the feed on and making a new address are the same call: the database replaces the token. */
export function useEnableCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.calendarFeed }),
    onError: (error) => toastFailure('Could not turn on the calendar feed', error),
  });
}
