import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { listingHistoryKeys } from '@/features/listing-history/api/query-keys';

const statusRowSchema = z.object({ key: z.string(), label: z.string() });

/** The label of each listing status, from public.listing_statuses (a new status is a row there, not code here). */
export async function getListingStatusLabels(): Promise<Record<string, string>> {
  const rows = z.array(statusRowSchema).parse(throwIfError(await supabase.from('listing_statuses').select('key, label').order('position')));
  return Object.fromEntries(rows.map((row) => [row.key, row.label]));
}

export function listingStatusLabelsQueryOptions() {
  return queryOptions({ queryKey: listingHistoryKeys.statuses, queryFn: getListingStatusLabels });
}

export function useListingStatusLabels() {
  return useQuery(listingStatusLabelsQueryOptions());
}
