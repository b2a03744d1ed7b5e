import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidateNotifications } from '@/features/notifications/api/query-keys';

export const markAllNotificationsReadInputSchema = z.object({ userId: z.uuid() });
export type MarkAllNotificationsReadInput = z.infer<typeof markAllNotificationsReadInputSchema>;

/** mark_all_notifications_read() marks the active account's unread notifications read and returns how many. */
export async function markAllNotificationsRead(input: MarkAllNotificationsReadInput) {
  markAllNotificationsReadInputSchema.parse(input);
  return throwIfError(await supabase.rpc('mark_all_notifications_read'));
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (_count, { userId }) => {
      void invalidateNotifications(queryClient, userId);
      toast({ title: 'All notifications marked as read' });
    },
    onError: (error) => toastFailure('Failed to mark notifications as read.', error),
  });
}
