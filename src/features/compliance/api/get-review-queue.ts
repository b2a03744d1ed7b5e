import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { complianceKeys } from '@/features/compliance/api/query-keys';

/** Rows per page of the review queue. */
export const REVIEW_QUEUE_PAGE = 25;

export const REVIEW_STATES = ['submitted', 'returned', 'approved'] as const;
export const REVIEW_STATE_LABELS: Record<(typeof REVIEW_STATES)[number], string> = { submitted: 'Waiting for review', returned: 'Returned', approved: 'Approved' };

/** "Older than" choices of the age filter, in days. */
export const AGE_FILTERS = ['1', '3', '7'] as const;

export const reviewQueueFiltersSchema = z.object({
  /** Whose queue: a coordinator's ('tc:<id>', listing_tc_id = id), or everything a super admin reads ('all'). */
  scope: z.union([z.literal('all'), z.templateLiteral(['tc:', z.uuid()])]),
  state: z.enum(REVIEW_STATES),
  agentId: z.uuid().nullable(),
  documentType: z
    .string()
    .regex(/^[a-z0-9_]{1,60}$/)
    .nullable(),
  olderThanDays: z.enum(AGE_FILTERS).nullable(),
});
export type ReviewQueueFilters = z.infer<typeof reviewQueueFiltersSchema>;

interface QueueCursor {
  submittedAt: string;
  documentId: string;
}

const QUEUE_COLUMNS =
  'document_id, listing_id, address, document_type, type_label, file_name, file_url, version, review_state, review_reason, submitted_at, agent_id, agent_name';

/**
 * One page of the queue, oldest first, read the way the view's indexes serve
 * it: the state and scope named in the query (not left to RLS alone), ordered
 * by (submitted_at, document_id), keyset pages.
 */
export async function getReviewQueuePage(filters: ReviewQueueFilters, now: number, cursor: QueueCursor | undefined) {
  const { scope, state, agentId, documentType, olderThanDays } = reviewQueueFiltersSchema.parse(filters);
  let query = supabase.from('compliance_queue').select(QUEUE_COLUMNS).eq('review_state', state);
  if (scope !== 'all') query = query.eq('listing_tc_id', scope.slice('tc:'.length));
  if (agentId) query = query.eq('agent_id', agentId);
  if (documentType) query = query.eq('document_type', documentType);
  if (olderThanDays) query = query.lt('submitted_at', new Date(now - Number(olderThanDays) * 86_400_000).toISOString());
  if (cursor) {
    const at = JSON.stringify(cursor.submittedAt);
    query = query.or(`submitted_at.gt.${at},and(submitted_at.eq.${at},document_id.gt.${cursor.documentId})`);
  }
  // One row more than a page tells whether another page follows.
  const rows = throwIfError(await query.order('submitted_at').order('document_id').limit(REVIEW_QUEUE_PAGE + 1));
  const page = rows.slice(0, REVIEW_QUEUE_PAGE).flatMap((row) => (row.document_id && row.listing_id ? [{ ...row, document_id: row.document_id, listing_id: row.listing_id }] : []));
  const last = page.at(-1);
  return { rows: page, next: rows.length > REVIEW_QUEUE_PAGE && last?.submitted_at ? { submittedAt: last.submitted_at, documentId: last.document_id } : undefined };
}
export type ReviewQueueRow = Awaited<ReturnType<typeof getReviewQueuePage>>['rows'][number];

export function reviewQueueQueryOptions(filters: ReviewQueueFilters, now: number) {
  return infiniteQueryOptions({
    queryKey: complianceKeys.queuePages(filters),
    queryFn: ({ pageParam }) => getReviewQueuePage(filters, now, pageParam),
    initialPageParam: undefined as QueueCursor | undefined,
    getNextPageParam: (page) => page.next,
  });
}

export function useReviewQueue(filters: ReviewQueueFilters, now: number) {
  return useInfiniteQuery(reviewQueueQueryOptions(filters, now));
}
