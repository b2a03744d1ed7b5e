import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { chatKeys } from '@/features/chat/api/query-keys';

export const createChannelInputSchema = z.object({
  createdById: z.uuid(),
  name: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters'),
});
export type CreateChannelInput = z.infer<typeof createChannelInputSchema>;

/** Spec part 2 §9: description 'Channel for {name} discussions', not private; the database makes the creator its admin. */
export async function createChannel(input: CreateChannelInput) {
  const { createdById, name } = createChannelInputSchema.parse(input);
  return throwIfError(
    await supabase
      .from('tc_channels')
      .insert({ name, created_by_id: createdById, description: `Channel for ${name} discussions`, is_private: false })
      .select('id')
      .single(),
  );
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createChannel, onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.all }) });
}
