import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';

export const applyChecklistTemplateInputSchema = z.object({ listingId: z.uuid(), templateId: z.uuid({ message: 'Choose a template' }) });
export type ApplyChecklistTemplateInput = z.infer<typeof applyChecklistTemplateInputSchema>;

/** Applies a template by hand, matching or not; items already on the listing are not added twice. Answers how many were added. */
export async function applyChecklistTemplate(input: ApplyChecklistTemplateInput) {
  const { listingId, templateId } = applyChecklistTemplateInputSchema.parse(input);
  return throwIfError(await supabase.rpc('apply_checklist_template', { listing_id: listingId, template_id: templateId }));
}

export function useApplyChecklistTemplate({ onApplied }: { onApplied?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyChecklistTemplate,
    onSuccess: (added, { listingId }) => {
      void queryClient.invalidateQueries({ queryKey: ['listings', listingId] });
      toast({ title: 'Template applied', description: added === 0 ? 'Every item was already on the listing.' : `${added} item${added === 1 ? '' : 's'} added.` });
      onApplied?.();
    },
    onError: (error) => toastFailure('Failed to apply the template', error),
  });
}
