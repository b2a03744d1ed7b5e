import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidateNotifications } from '@/features/notifications/api/query-keys';

export const markNotificationReadInputSchema = z.object({
  userId: z.uuid(),
  notificationId: z.uuid(),
  /** Opening a notification marks it read without a toast; the explicit control confirms. */
  quiet: z.boolean().default(false),
});
export type MarkNotificationReadInput = z.input<typeof markNotificationReadInputSchema>;

/** Policy "Users can mark their notifications read"; read_at is stamped by the database. */
export async function markNotificationRead(input: MarkNotificationReadInput) {
  const { userId, notificationId } = markNotificationReadInputSchema.parse(input);
  throwIfError(await supabase.from('notifications').update({ is_read: true }).eq('id', notificationId).eq('user_id', userId));
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_data, { userId, quiet }) => {
      void invalidateNotifications(queryClient, userId);
      if (!quiet) toast({ title: 'Notification marked as read' });
    },
    onError: (error) => toastFailure('Failed to mark notification as read.', error),
  });
}
