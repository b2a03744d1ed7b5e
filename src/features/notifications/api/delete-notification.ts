import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidateNotifications } from '@/features/notifications/api/query-keys';

export const deleteNotificationInputSchema = z.object({ userId: z.uuid(), notificationId: z.uuid() });
export type DeleteNotificationInput = z.infer<typeof deleteNotificationInputSchema>;

/** Policy "Users can delete their notifications and super admins any"; the page deletes only its own inbox's rows. */
export async function deleteNotification(input: DeleteNotificationInput) {
  const { userId, notificationId } = deleteNotificationInputSchema.parse(input);
  throwIfError(await supabase.from('notifications').delete().eq('id', notificationId).eq('user_id', userId));
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_data, { userId }) => {
      void invalidateNotifications(queryClient, userId);
      toast({ title: 'Notification deleted' });
    },
    // Spec part 2 §8: the one failure text of this screen.
    onError: (error) => toastFailure('Failed to delete notification.', error),
  });
}
