import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { contractKeys } from '@/features/contracts/api/query-keys';

/** resume_calendar_feed(): a stopped feed runs again at the same address; returns when it would stop unless fetched. */
export async function resumeCalendarFeed(): Promise<string> {
  return throwIfError(await supabase.rpc('resume_calendar_feed'));
}

export function useResumeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeCalendarFeed,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contractKeys.calendarFeed });
      toast({ title: 'Calendar feed on again', description: 'Calendars subscribed to its address get your deadlines again at their next refresh.' });
    },
    onError: (error) => toastFailure('Could not turn the calendar feed on again', error),
  });
}
