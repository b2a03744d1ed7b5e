import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { DEADLINE_LIST_COLUMNS } from '@/features/contracts/api/deadline-list-columns';
import { contractKeys } from '@/features/contracts/api/query-keys';

/** Rows per page of the Deadlines screen. */
export const DEADLINES_PAGE = 25;

/** How far ahead the Deadlines screen looks: overdue, today and the next 14 days. */
export const DEADLINES_HORIZON_DAYS = 14;

export const deadlineFiltersSchema = z.object({
  /** Whose deadlines: a coordinator's own ('tc:<id>', listing_tc_id = id), or every one a super admin reads ('all'). */
  scope: z.union([z.literal('all'), z.templateLiteral(['tc:', z.uuid()])]),
  agentId: z.uuid().nullable(),
  /** A rule key (e.g. option_period_end), 'custom' for added deadlines, or null for every kind. */
  kind: z
    .string()
    .regex(/^[a-z0-9_]{1,60}$/)
    .nullable(),
});
export type DeadlineFilters = z.infer<typeof deadlineFiltersSchema>;

/** Where a page ends: the last row's (due_at, id), the order the index reads. */
export interface DeadlineCursor {
  dueAt: string;
  id: string;
}

/**
 * One page of the open deadlines of active contracts due before the horizon
 * (overdue ones first, by due date). The scope is named in the query, not
 * left to RLS alone, so the planner reads one range of the (listing_tc_id,
 * status, contract_status, due_at, id) index (or the agent's, or for a super
 * admin the one without a person) in order and stops after a page, instead of
 * filtering every row the policy admits; RLS still decides what comes back.
 */
export async function getDeadlinePage(filters: DeadlineFilters, horizon: string, cursor: DeadlineCursor | undefined) {
  const { scope, agentId, kind } = deadlineFiltersSchema.parse(filters);
  let query = supabase
    .from('contract_deadlines')
    .select(DEADLINE_LIST_COLUMNS)
    .eq('status', 'open')
    .eq('contract_status', 'active')
    .lt('due_at', horizon);
  if (scope !== 'all') query = query.eq('listing_tc_id', scope.slice('tc:'.length));
  if (agentId) query = query.eq('listing_agent_id', agentId);
  if (kind === 'custom') query = query.eq('is_custom', true);
  else if (kind) query = query.eq('key', kind);
  if (cursor) {
    const at = JSON.stringify(cursor.dueAt);
    query = query.or(`due_at.gt.${at},and(due_at.eq.${at},id.gt.${JSON.stringify(cursor.id)})`);
  }
  // One row more than a page tells whether another page follows.
  const rows = throwIfError(await query.order('due_at').order('id').limit(DEADLINES_PAGE + 1));
  const last = rows.at(DEADLINES_PAGE - 1);
  return { rows: rows.slice(0, DEADLINES_PAGE), next: rows.length > DEADLINES_PAGE && last?.due_at ? { dueAt: last.due_at, id: last.id } : undefined };
}

export type DeadlineListRow = Awaited<ReturnType<typeof getDeadlinePage>>['rows'][number];

/** The end of the horizon: now plus 15 days, so the whole 14th day ahead is in (a few hours more do no harm; rows past it are grouped by date). */
export function deadlinesHorizon(now: Date): string {
  return new Date(now.getTime() + (DEADLINES_HORIZON_DAYS + 1) * 86_400_000).toISOString();
}

export function deadlinePagesQueryOptions(filters: DeadlineFilters, horizon: string) {
  return infiniteQueryOptions({
    queryKey: contractKeys.deadlinePages(filters),
    queryFn: ({ pageParam }) => getDeadlinePage(filters, horizon, pageParam),
    initialPageParam: undefined as DeadlineCursor | undefined,
    getNextPageParam: (page) => page.next,
  });
}

export function useDeadlinePages(filters: DeadlineFilters, horizon: string) {
  return useInfiniteQuery(deadlinePagesQueryOptions(filters, horizon));
}
