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
  /** The ids of the items stored before editing, so removed ones are deleted. */
  storedItemIds: z.array(z.uuid()),
});
export type SaveChecklistTemplateInput = z.input<typeof saveChecklistTemplateInputSchema>;

/**
 * Saves a template and its items. Kept items are updated in place (not
 * re-created), so items already applied to listings stay linked to them and
 * re-application does not add them again; removed items are deleted, new
 * ones inserted, positions follow the draft's order.
 */
export async function saveChecklistTemplate(input: SaveChecklistTemplateInput): Promise<string> {
  const { templateId, draft, storedItemIds } = saveChecklistTemplateInputSchema.parse(input);
  const template = { name: draft.name, conditions: draft.conditions };
  const id = templateId
    ? throwIfError(await supabase.from('checklist_templates').update(template).eq('id', templateId).select('id')).at(0)?.id
    : throwIfError(await supabase.from('checklist_templates').insert(template).select('id').single()).id;
  if (!id) throw new ApiError(403, 'You may not edit this template.');

  const keptIds = new Set(draft.items.flatMap((item) => (item.id ? [item.id] : [])));
  const removed = storedItemIds.filter((itemId) => !keptIds.has(itemId));
  if (removed.length > 0) throwIfError(await supabase.from('checklist_template_items').delete().in('id', removed));
  for (const [position, item] of draft.items.entries()) {
    const columns = itemColumns(item, position);
    if (item.id) throwIfError(await supabase.from('checklist_template_items').update(columns).eq('id', item.id));
    else throwIfError(await supabase.from('checklist_template_items').insert({ ...columns, template_id: id }));
  }
  return id;
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
