import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { complianceKeys } from '@/features/compliance/api/query-keys';
import { itemColumns, templateDraftSchema } from '@/features/compliance/lib/template-schema';

export const saveChecklistTemplateInputSchema = z.object({
  /** Absent for a new template (the database makes it the coordinator's own, or global for a super admin). */
  templateId: z.uuid().optional(),
  draft: templateDraftSchema,
});
export type SaveChecklistTemplateInput = z.input<typeof saveChecklistTemplateInputSchema>;

/**
 * Saves a template and its items in one call of save_checklist_template(),
 * one transaction: a refusal leaves the template as it was. Kept items (with
 * their id) are updated in place, not re-created, so items already applied to
 * listings stay linked to them and re-application does not add them again;
 * the template's items missing from the draft are deleted, new ones inserted,
 * positions follow the draft's order.
 */
export async function saveChecklistTemplate(input: SaveChecklistTemplateInput): Promise<string> {
  const { templateId, draft } = saveChecklistTemplateInputSchema.parse(input);
  return throwIfError(
    await supabase.rpc('save_checklist_template', {
      template_id: templateId,
      template: { name: draft.name, conditions: draft.conditions },
      items: draft.items.map((item) => itemColumns(item)),
    }),
  );
}

export function useSaveChecklistTemplate({ onSaved }: { onSaved?: (templateId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChecklistTemplate,
    onSuccess: (templateId) => {
      void queryClient.invalidateQueries({ queryKey: complianceKeys.templates });
      toast({ title: 'Template saved' });
      onSaved?.(templateId);
    },
    onError: (error) => toastFailure('Failed to save the template', error),
  });
}

export const copyChecklistTemplateInputSchema = z.object({ templateId: z.uuid(), newName: z.string().trim().min(1).max(200) });

/** Copies a template (global or own) as the caller's own; a super admin's copy is global. */
export async function copyChecklistTemplate(input: z.input<typeof copyChecklistTemplateInputSchema>) {
  const { templateId, newName } = copyChecklistTemplateInputSchema.parse(input);
  return throwIfError(await supabase.rpc('copy_checklist_template', { template_id: templateId, new_name: newName }));
}

export function useCopyChecklistTemplate({ onCopied }: { onCopied?: (templateId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyChecklistTemplate,
    onSuccess: (templateId) => {
      void queryClient.invalidateQueries({ queryKey: complianceKeys.templates });
      toast({ title: 'Template copied', description: 'The copy is yours to edit.' });
      onCopied?.(templateId);
    },
    onError: (error) => toastFailure('Failed to copy the template', error),
  });
}

export const setTemplateActiveInputSchema = z.object({ templateId: z.uuid(), isActive: z.boolean() });

/** Deactivates a template (no longer applied; what it added stays) or activates it again. */
export async function setTemplateActive(input: z.input<typeof setTemplateActiveInputSchema>) {
  const { templateId, isActive } = setTemplateActiveInputSchema.parse(input);
  const rows = throwIfError(await supabase.from('checklist_templates').update({ is_active: isActive }).eq('id', templateId).select('id'));
  if (rows.length === 0) throw new ApiError(403, 'You may not change this template.');
}

export function useSetTemplateActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTemplateActive,
    onSuccess: (_result, { isActive }) => {
      void queryClient.invalidateQueries({ queryKey: complianceKeys.templates });
      toast({ title: isActive ? 'Template activated' : 'Template deactivated' });
    },
    onError: (error) => toastFailure('Failed to change the template', error),
  });
}
