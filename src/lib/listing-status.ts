import { queryOptions, useQuery } from '@tanstack/react-query';
// zod/mini: the status badge is on the dashboards' first screen, inside the first-load budget (scripts/bundle-size.ts).
import { z } from 'zod/mini';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/**
 * The statuses of a listing are data (issue 52): public.listing_statuses holds
 * their keys, labels and order, and whether each is a compliance stage. The app
 * reads it once per session; a new status is a row there, shown with its label
 * and a neutral colour until it gets one below.
 */
export const listingStatusSchema = z.object({ key: z.string(), label: z.string(), position: z.number(), is_stage: z.boolean() });
export type ListingStatusRow = z.infer<typeof listingStatusSchema>;

/** A listing's status: a key of public.listing_statuses. */
export type ListingStatus = string;

export async function getListingStatuses(): Promise<ListingStatusRow[]> {
  const rows = throwIfError(await supabase.from('listing_statuses').select('key, label, position, is_stage').order('position'));
  return z.array(listingStatusSchema).parse(rows);
}

/** Statuses change only with a migration: read once, kept for the session. */
export const listingStatusesQueryOptions = queryOptions({
  queryKey: ['listing-statuses'],
  queryFn: getListingStatuses,
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The statuses in order ([] until loaded). */
export function useListingStatuses(): ListingStatusRow[] {
  return useQuery(listingStatusesQueryOptions).data ?? EMPTY;
}
const EMPTY: ListingStatusRow[] = [];

/** Spec part 2 §2: the dashboard shows the stored value with underscores as spaces ('under contract'). */
export function statusWords(value: string): string {
  return value.replaceAll('_', ' ');
}

/** The label of a status from the table; the key in words until it has loaded or for a key it does not know. */
export function labelOf(statuses: readonly ListingStatusRow[], value: string): string {
  return statuses.find((row) => row.key === value)?.label ?? statusWords(value);
}

/** `labelOf` bound to the statuses read from the database. */
export function useStatusLabel(): (value: string) => string {
  const statuses = useListingStatuses();
  return (value) => labelOf(statuses, value);
}

const NEUTRAL = 'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-300';

/** Spec part 1 §4: on the detail screen incomplete is red, ready yellow, live green, under contract blue; closed (not in the spec) slate, a finished sale. */
const STATUS_COLOURS: Record<string, string> = {
  incomplete: 'border-red-200 bg-red-100 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
  ready: 'border-yellow-200 bg-yellow-100 text-yellow-800 dark:border-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  live: 'border-green-200 bg-green-100 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200',
  under_contract: 'border-blue-200 bg-blue-100 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200',
  closed: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
};

/** Spec part 2 §4: the coordinator dashboard shows incomplete yellow, ready green, live purple, under contract blue; closed slate. */
const DASHBOARD_STATUS_COLOURS: Record<string, string> = {
  incomplete: 'border-yellow-200 bg-yellow-100 text-yellow-800 dark:border-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  ready: 'border-green-200 bg-green-100 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200',
  live: 'border-purple-200 bg-purple-100 text-purple-800 dark:border-purple-900 dark:bg-purple-950 dark:text-purple-200',
  under_contract: 'border-blue-200 bg-blue-100 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200',
  closed: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
};

/** The colours of a status on the detail screen (`detail`) or the coordinator dashboard (`dashboard`); neutral for a status without its own. */
export function statusColours(value: string, palette: 'detail' | 'dashboard' = 'detail'): string {
  return (palette === 'dashboard' ? DASHBOARD_STATUS_COLOURS : STATUS_COLOURS)[value] ?? NEUTRAL;
}
