/**
 * The values of listings.status (check constraint in migration
 * add_closed_listing_status), in the selector's order: the spec's four, then
 * `closed`, which a contract's closing sets.
 */
export const LISTING_STATUSES = ['incomplete', 'ready', 'live', 'under_contract', 'closed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const STATUS_LABELS: Record<ListingStatus, string> = {
  incomplete: 'Incomplete',
  ready: 'Ready',
  live: 'Live',
  under_contract: 'Under Contract',
  closed: 'Closed',
};

/** Spec part 1 §4: on the detail screen incomplete is red, ready yellow, live green, under contract blue; closed (not in the spec) slate, a finished sale. */
export const STATUS_COLOURS: Record<ListingStatus, string> = {
  incomplete: 'border-red-200 bg-red-100 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
  ready: 'border-yellow-200 bg-yellow-100 text-yellow-800 dark:border-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  live: 'border-green-200 bg-green-100 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200',
  under_contract: 'border-blue-200 bg-blue-100 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200',
  closed: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
};

/** Spec part 2 §4: the coordinator dashboard shows incomplete yellow, ready green, live purple, under contract blue; closed slate. */
export const DASHBOARD_STATUS_COLOURS: Record<ListingStatus, string> = {
  incomplete: 'border-yellow-200 bg-yellow-100 text-yellow-800 dark:border-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  ready: 'border-green-200 bg-green-100 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200',
  live: 'border-purple-200 bg-purple-100 text-purple-800 dark:border-purple-900 dark:bg-purple-950 dark:text-purple-200',
  under_contract: 'border-blue-200 bg-blue-100 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200',
  closed: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
};

/** Spec part 2 §2: the dashboard shows the stored value with underscores as spaces ('under contract'). */
export function statusWords(value: string): string {
  return value.replaceAll('_', ' ');
}

export function asListingStatus(value: string): ListingStatus {
  return (LISTING_STATUSES as readonly string[]).includes(value) ? (value as ListingStatus) : 'incomplete';
}

export function statusLabel(value: string): string {
  return STATUS_LABELS[asListingStatus(value)] ?? value;
}
