import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { notesQueryKey } from '@/features/listing-detail/api/get-notes';

export const createNoteInputSchema = z.object({
  listingId: z.uuid(),
  userId: z.uuid(),
  content: z.string().trim().min(1, 'Required'),
});
export type CreateNoteInput = z.infer<typeof createNoteInputSchema>;

export async function createNote(input: CreateNoteInput) {
  const { listingId, userId, content } = createNoteInputSchema.parse(input);
  return throwIfError(await supabase.from('notes').insert({ listing_id: listingId, user_id: userId, content }).select('id').single());
}

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: (_note, { listingId }) => queryClient.invalidateQueries({ queryKey: notesQueryKey(listingId) }),
    onError: (error) => toastFailure('Failed to add note', error),
  });
}
