import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { CONTRACT_FORM_KEYS } from '@/features/contracts/api/contract-input';
import { contractKeys } from '@/features/contracts/api/query-keys';

export const previewInputSchema = z.object({
  form: z.enum(CONTRACT_FORM_KEYS),
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type PreviewInput = z.infer<typeof previewInputSchema>;

/**
 * The key dates a contract with these facts would get, from the same
 * function the database computes a saved contract's deadlines with
 * (preview_contract_deadlines: key, label, due_at, rule), ordered by date.
 */
export async function previewContractDeadlines(input: PreviewInput) {
  const { form, facts } = previewInputSchema.parse(input);
  return throwIfError(await supabase.rpc('preview_contract_deadlines', { form, facts }));
}

export type PreviewedDeadline = Awaited<ReturnType<typeof previewContractDeadlines>>[number];

export function previewQueryOptions(input: PreviewInput | null) {
  return queryOptions({
    queryKey: contractKeys.preview(input?.form ?? '', input?.facts ?? {}),
    queryFn: () => previewContractDeadlines(input!),
    enabled: input !== null,
    // While the next keystroke's dates load, the last ones stay on screen.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** The previewed key dates for `input` (null: nothing to preview yet, e.g. no start date). Callers debounce the input. */
export function useContractPreview(input: PreviewInput | null) {
  return useQuery(previewQueryOptions(input));
}
