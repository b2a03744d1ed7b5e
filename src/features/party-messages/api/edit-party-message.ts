import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { ApiError, throwIfError } from '@/lib/api-error';
import { PARTY_ROLES } from '@/lib/party-roles';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { invalidatePartyMessages } from '@/features/party-messages/api/act-on-party-message';

export const editPartyMessageInputSchema = z.object({
  id: z.uuid(),
  subject: z.string().trim().min(1, 'A message needs a subject').max(300, 'At most 300 characters'),
  body: z.string().trim().min(1, 'A message needs a text').max(20_000, 'At most 20,000 characters'),
  toRoles: z.array(z.enum(PARTY_ROLES)).min(1, 'Choose at least one role to send to'),
  ccRoles: z.array(z.enum(PARTY_ROLES)),
  /** null keeps the send time; a new one must lie ahead. */
  sendAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .refine((value) => value === null || Date.parse(value) > Date.now(), 'Choose a time ahead'),
});
export type EditPartyMessageInput = z.input<typeof editPartyMessageInputSchema>;

/**
 * edit_party_message(): the subject and body keep their merge fields (the
 * message is rendered again from them, so it never goes stale), the
 * recipients by role, and optionally a new send time. The database answers an
 * unknown merge field with 400 naming it.
 */
export async function editPartyMessage(input: EditPartyMessageInput) {
  const { id, subject, body, toRoles, ccRoles, sendAt } = editPartyMessageInputSchema.parse(input);
  return throwIfError(
    await supabase.rpc('edit_party_message', {
      id,
      subject_source: subject,
      body_source: body,
      to_roles: toRoles,
      cc_roles: ccRoles,
      ...(sendAt ? { send_at: sendAt } : {}),
    }),
  );
}

export function useEditPartyMessage(listingId: string, { onSaved, onRefused }: { onSaved?: () => void; onRefused?: (error: ApiError) => boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPartyMessage,
    onSuccess: () => {
      invalidatePartyMessages(queryClient, listingId);
      toast({ title: 'Message saved' });
      onSaved?.();
    },
    onError: (error) => {
      if (error instanceof ApiError && onRefused?.(error)) return;
      toastFailure('Failed to save the message', error);
    },
  });
}
