import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfFunctionError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { aiKeys } from '@/features/ai/api/query-keys';

const aiStatusSchema = z.object({
  configured: z.boolean(),
  model: z.string().nullable(),
  requestsPerMinute: z.number().int().nullable(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/** The ai-status Edge Function: whether a model provider is configured (never the key). */
export async function getAiStatus(): Promise<AiStatus> {
  return aiStatusSchema.parse(await throwIfFunctionError(await supabase.functions.invoke<unknown>('ai-status', { method: 'GET' })));
}

/** Cached for the session: the functions' environment changes only with a deploy or a stack restart. */
export function useAiStatus() {
  return useQuery(queryOptions({ queryKey: aiKeys.status, queryFn: getAiStatus, staleTime: 5 * 60_000 }));
}
