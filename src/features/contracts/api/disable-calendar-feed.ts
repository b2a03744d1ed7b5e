import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { contractKeys } from '@/features/contracts/api/query-keys';

/** disable_calendar_feed(): the token is deleted, so the old address answers 404 from now on. */
export async function disableCalendarFeed() {
  return throwIfError(await supabase.rpc('disable_calendar_feed'));
}

export function useDisableCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableCalendarFeed,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contractKeys.calendarFeed });
      toast({ title: 'Calendar feed turned off', description: 'Calendars subscribed to it stop receiving your deadlines.' });
    },
    onError: (error) => toastFailure('Could not turn off the calendar feed', error),
  });
}
