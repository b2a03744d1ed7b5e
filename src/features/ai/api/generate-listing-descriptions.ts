import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfFunctionError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { aiKeys } from '@/features/ai/api/query-keys';

/** Spec part 2 §9: each description is shown against 800 characters (the server enforces it). */
export const DESCRIPTION_MAX_CHARS = 800;
export const ADDRESS_REQUIRED_TITLE = 'Address required';
export const ADDRESS_REQUIRED_MESSAGE = 'Please enter a property address to generate descriptions.';

/** The form: the address is required (spec §5), highlights optional; limits match the function's. */
export const generateListingDescriptionsInputSchema = z.object({
  address: z.string().trim().min(1, `${ADDRESS_REQUIRED_TITLE}: ${ADDRESS_REQUIRED_MESSAGE}`).max(500, 'The address can be at most 500 characters.'),
  highlights: z.string().trim().max(2000, 'Key highlights can be at most 2,000 characters.').optional(),
});
export type GenerateListingDescriptionsInput = z.input<typeof generateListingDescriptionsInputSchema>;

const resultSchema = z.object({
  styles: z.array(z.object({ name: z.string(), description: z.string() })),
  listingId: z.uuid().nullable(),
  listingAddress: z.string().nullable().optional(),
  researchUsed: z.boolean(),
});
export type ListingDescriptions = z.infer<typeof resultSchema>;

/** The ai-listing-descriptions Edge Function: five styles, each at most 800 characters. */
export async function generateListingDescriptions(input: GenerateListingDescriptionsInput): Promise<ListingDescriptions> {
  const parsed = generateListingDescriptionsInputSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid input');
  const data = await throwIfFunctionError(await supabase.functions.invoke<unknown>('ai-listing-descriptions', { body: parsed.data }));
  return resultSchema.parse(data);
}

export function useGenerateListingDescriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateListingDescriptions,
    // Stored descriptions (and the AI log) changed.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: aiKeys.descriptions }),
  });
}
