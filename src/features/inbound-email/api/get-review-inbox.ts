import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { inboundEmailKeys } from '@/features/inbound-email/api/query-keys';

/** How many pending mails the inbox shows at once; the count says how many more wait. */
export const REVIEW_INBOX_PAGE = 20;

const attachmentsSchema = z.array(z.object({ name: z.string(), type: z.string(), size: z.number() })).catch([]);

/**
 * Mail to the listing's forwarding address from people not on the listing,
 * waiting for review (newest first), with the total in the same request.
 * RLS shows it to the listing's agent, coordinator and super admins only.
 */
export async function getReviewInbox(listingId: string) {
  const result = await supabase
    .from('inbound_emails')
    .select('id, sender, sender_name, subject, attachments, received_at', { count: 'exact' })
    .eq('listing_id', listingId)
    .eq('status', 'pending_review')
    .order('received_at', { ascending: false })
    .limit(REVIEW_INBOX_PAGE);
  const rows = throwIfError(result);
  return { total: result.count ?? rows.length, mails: rows.map((row) => ({ ...row, attachments: attachmentsSchema.parse(row.attachments) })) };
}

export type PendingMail = Awaited<ReturnType<typeof getReviewInbox>>['mails'][number];

export function reviewInboxQueryOptions(listingId: string) {
  return queryOptions({ queryKey: inboundEmailKeys.byListing(listingId), queryFn: () => getReviewInbox(listingId) });
}

export function useReviewInbox(listingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reviewInboxQueryOptions(listingId), enabled });
}
