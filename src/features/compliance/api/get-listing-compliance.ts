import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { complianceKeys } from '@/features/compliance/api/query-keys';
import { stageComplianceSchema } from '@/features/compliance/lib/compliance-gate';

/** listing_compliance(): per stage, required documents approved / required and what is missing (the gate's own reading). */
export async function getListingCompliance(listingId: string) {
  const rows = throwIfError(await supabase.rpc('listing_compliance', { listing_id: z.uuid().parse(listingId) }));
  return z.array(stageComplianceSchema).parse(rows);
}

export function listingComplianceQueryOptions(listingId: string) {
  return queryOptions({ queryKey: complianceKeys.listingCompliance(listingId), queryFn: () => getListingCompliance(listingId) });
}

export function useListingCompliance(listingId: string) {
  return useQuery(listingComplianceQueryOptions(listingId));
}
