import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfFunctionError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { aiKeys } from '@/features/ai/api/query-keys';

export const generateWorkflowInsightsInputSchema = z.object({ agentId: z.uuid().nullable() });
export type GenerateWorkflowInsightsInput = z.infer<typeof generateWorkflowInsightsInputSchema>;

const answerSchema = z.object({ insights: z.array(z.object({ id: z.string() }).loose()), phrasedByModel: z.boolean() });

/**
 * The ai-workflow-insights Edge Function: computes the scope's insights from
 * the statistics (a configured model only rephrases them) and replaces the
 * scope's previous ones.
 */
export async function generateWorkflowInsights(input: GenerateWorkflowInsightsInput) {
  const body = generateWorkflowInsightsInputSchema.parse(input);
  return answerSchema.parse(await throwIfFunctionError(await supabase.functions.invoke<unknown>('ai-workflow-insights', { body })));
}

/** Generate Insights: 'Insights Generated (n)'; the cards, lists and counts are refetched. */
export function useGenerateWorkflowInsights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateWorkflowInsights,
    onSuccess: (answer) => toast({ title: `Insights Generated (${answer.insights.length})` }),
    onError: (error) => toastFailure('Error', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiKeys.workflow }),
  });
}
