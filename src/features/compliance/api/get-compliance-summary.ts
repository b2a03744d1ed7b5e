import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { complianceKeys } from '@/features/compliance/api/query-keys';

export interface ComplianceProgress {
  required: number;
  approved: number;
}

/** listing_compliance_summary(): one call for a page of dashboard cards, approved / required up to each listing's next stage. */
export async function getComplianceSummary(listingIds: readonly string[]): Promise<Map<string, ComplianceProgress>> {
  const ids = z.array(z.uuid()).parse([...listingIds]);
  if (ids.length === 0) return new Map();
  const rows = throwIfError(await supabase.rpc('listing_compliance_summary', { listing_ids: ids }));
  return new Map(rows.map((row) => [row.listing_id, { required: row.required, approved: row.approved }]));
}

export function complianceSummaryQueryOptions(listingIds: readonly string[]) {
  return queryOptions({ queryKey: complianceKeys.summary(listingIds), queryFn: () => getComplianceSummary(listingIds), enabled: listingIds.length > 0 });
}

export function useComplianceSummary(listingIds: readonly string[]) {
  return useQuery(complianceSummaryQueryOptions(listingIds));
}
