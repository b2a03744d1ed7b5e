import { z } from 'zod';
import { useRefetchingMutation } from '@/hooks/use-refetching-mutation';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { noteKeys } from '@/features/notes/api/query-keys';

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
  return useRefetchingMutation({ mutationFn: createNote, refetch: ({ listingId }) => noteKeys.byListing(listingId), failure: 'Failed to add note' });
}
