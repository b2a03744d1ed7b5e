import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { partyMessageKeys } from '@/features/party-messages/api/query-keys';
import { messageTemplateColumns, messageTemplateDraftSchema } from '@/features/party-messages/lib/message-template-schema';

export const saveMessageTemplateInputSchema = z.object({
  /** Absent for a new template (the database makes it the coordinator's own, or global for a super admin). */
  templateId: z.uuid().optional(),
  draft: messageTemplateDraftSchema,
});
export type SaveMessageTemplateInput = z.input<typeof saveMessageTemplateInputSchema>;

/**
 * Inserts or updates a message template. The database checks every merge
 * field of the subject and body and answers an unknown one with 400
 * "unknown merge field {{foo.bar}}", which the editor shows next to the text.
 */
export async function saveMessageTemplate(input: SaveMessageTemplateInput): Promise<string> {
  const { templateId, draft } = saveMessageTemplateInputSchema.parse(input);
  const columns = messageTemplateColumns(draft);
  const saved = templateId
    ? await supabase.from('message_templates').update(columns).eq('id', templateId).select('id')
    : await supabase.from('message_templates').insert(columns).select('id');
  const rows = throwIfError(saved);
  if (rows.length === 0) throw new ApiError(403, 'You may not change this template.');
  return rows[0].id;
}

/** Saves; a refusal is left to the editor (`onRefused`), which shows a 400 next to the field it names, anything else as a toast. */
export function useSaveMessageTemplate({ onSaved, onRefused }: { onSaved?: (templateId: string) => void; onRefused?: (error: ApiError) => boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageTemplate,
    onSuccess: (templateId) => {
      void queryClient.invalidateQueries({ queryKey: partyMessageKeys.templates });
      toast({ title: 'Template saved' });
      onSaved?.(templateId);
    },
    onError: (error) => {
      if (error instanceof ApiError && onRefused?.(error)) return;
      toastFailure('Failed to save the template', error);
    },
  });
}

export const setMessageTemplateActiveInputSchema = z.object({ templateId: z.uuid(), isActive: z.boolean() });

/** Deactivates a template (no new messages from it; queued ones stay) or activates it again. */
export async function setMessageTemplateActive(input: z.input<typeof setMessageTemplateActiveInputSchema>) {
  const { templateId, isActive } = setMessageTemplateActiveInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('message_templates').update({ is_active: isActive }).eq('id', templateId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'You may not change this template.');
}

export function useSetMessageTemplateActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageTemplateActive,
    onSuccess: (_result, { isActive }) => {
      void queryClient.invalidateQueries({ queryKey: partyMessageKeys.templates });
      toast({ title: isActive ? 'Template activated' : 'Template deactivated' });
    },
    onError: (error) => toastFailure('Failed to change the template', error),
  });
}
