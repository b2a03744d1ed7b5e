import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { partyMessageKeys } from '@/features/party-messages/api/query-keys';

/** Rows per page of an Outbox tab. */
export const OUTBOX_PAGE = 50;

/** party_messages.status in the Outbox's tab order. */
export const OUTBOX_TABS = ['waiting', 'held', 'approved', 'sent', 'failed', 'skipped'] as const;
export type OutboxTab = (typeof OUTBOX_TABS)[number];
export const OUTBOX_TAB_LABELS: Record<OutboxTab, string> = { waiting: 'Waiting', held: 'Held', approved: 'Scheduled', sent: 'Sent', failed: 'Failed', skipped: 'Skipped' };

const recipientSchema = z.object({ role: z.string(), name: z.string().nullish(), email: z.string().nullish() });
/** to_recipients / cc_recipients as rendered; an unexpected shape shows as nobody rather than break the row. */
const recipientsSchema = z.array(recipientSchema).catch([]);
export type Recipient = z.infer<typeof recipientSchema>;

/** party_messages.previous: the message as last seen, before a change ("changed since you looked"). */
const previousSchema = z
  .object({ subject: z.string().nullish(), body: z.string().nullish(), send_at: z.string().nullish(), to_recipients: recipientsSchema.optional() })
  .nullable()
  .catch(null);

const PARTY_MESSAGE_COLUMNS =
  'id, listing_id, template_id, status, auto_send, subject, body, subject_source, body_source, to_roles, cc_roles, to_recipients, cc_recipients, send_at, trigger_reason, held_reason, changed_at, previous, seen_at, sent_at, attempts, error, listing:listings(address, contracts(time_zone, status))' as const;

function partyMessagesQuery() {
  return supabase.from('party_messages').select(PARTY_MESSAGE_COLUMNS);
}
type PartyMessageRecord = NonNullable<Awaited<ReturnType<typeof partyMessagesQuery>>['data']>[number];

/** A stored row with its jsonb parsed and the time zone of the listing's contract (the active one, else any; the property's zone). */
function toPartyMessage(row: PartyMessageRecord) {
  const contracts = row.listing?.contracts ?? [];
  const zone = (contracts.find((contract) => contract.status === 'active') ?? contracts[0])?.time_zone ?? null;
  return {
    ...row,
    to_recipients: recipientsSchema.parse(row.to_recipients),
    cc_recipients: recipientsSchema.parse(row.cc_recipients),
    previous: previousSchema.parse(row.previous),
    address: row.listing?.address ?? 'Listing',
    zone,
  };
}
export type PartyMessage = ReturnType<typeof toPartyMessage>;

export const outboxScopeSchema = z.union([z.literal('all'), z.templateLiteral(['tc:', z.uuid()])]);
/** Whose Outbox: a coordinator's ('tc:<id>', listing_tc_id = id, the index the query reads) or every message a super admin reads ('all'). */
export type OutboxScope = z.infer<typeof outboxScopeSchema>;

interface OutboxCursor {
  sendAt: string | null;
  id: string;
}

/** Tabs of what is still to go read soonest first; what went (or will not) newest first. */
const descending = (tab: OutboxTab) => tab === 'sent' || tab === 'failed' || tab === 'skipped';

/** PostgREST `or` filter for rows after the cursor in (send_at, id) order, nulls last either way. */
function afterCursor({ sendAt, id }: OutboxCursor, desc: boolean): string {
  const key = JSON.stringify(id);
  const idAfter = `id.${desc ? 'lt' : 'gt'}.${key}`;
  if (sendAt === null) return `and(send_at.is.null,${idAfter})`;
  const at = JSON.stringify(sendAt);
  return `send_at.${desc ? 'lt' : 'gt'}.${at},and(send_at.eq.${at},${idAfter}),send_at.is.null`;
}

/** One page of a tab, keyset-paged by (send_at, id); one row more than a page tells whether another follows. */
export async function getOutboxPage(scope: OutboxScope, tab: OutboxTab, cursor: OutboxCursor | undefined) {
  const parsedScope = outboxScopeSchema.parse(scope);
  const status = z.enum(OUTBOX_TABS).parse(tab);
  const desc = descending(status);
  let query = partyMessagesQuery().eq('status', status);
  if (parsedScope !== 'all') query = query.eq('listing_tc_id', parsedScope.slice('tc:'.length));
  if (cursor) query = query.or(afterCursor(cursor, desc));
  const rows = throwIfError(
    await query
      .order('send_at', { ascending: !desc, nullsFirst: false })
      .order('id', { ascending: !desc })
      .limit(OUTBOX_PAGE + 1),
  );
  const page = rows.slice(0, OUTBOX_PAGE).map(toPartyMessage);
  const last = page.at(-1);
  return { rows: page, next: rows.length > OUTBOX_PAGE && last ? { sendAt: last.send_at, id: last.id } : undefined };
}

export function outboxTabQueryOptions(scope: OutboxScope, tab: OutboxTab) {
  return infiniteQueryOptions({
    queryKey: [...partyMessageKeys.tab(tab), scope],
    queryFn: ({ pageParam }) => getOutboxPage(scope, tab, pageParam),
    initialPageParam: undefined as OutboxCursor | undefined,
    getNextPageParam: (page) => page.next,
  });
}

export function useOutboxTab(scope: OutboxScope, tab: OutboxTab) {
  return useInfiniteQuery(outboxTabQueryOptions(scope, tab));
}

const countsSchema = z.array(z.object({ status: z.string(), n: z.number() }));

/** party_message_counts(): each status's count in the caller's Outbox, one request for every tab's badge. */
export async function getOutboxCounts(): Promise<Record<OutboxTab, number>> {
  const rows = countsSchema.parse(throwIfError(await supabase.rpc('party_message_counts')));
  const counts = Object.fromEntries(OUTBOX_TABS.map((tab) => [tab, 0])) as Record<OutboxTab, number>;
  for (const row of rows) if ((OUTBOX_TABS as readonly string[]).includes(row.status)) counts[row.status as OutboxTab] = row.n;
  return counts;
}

export function useOutboxCounts() {
  return useQuery({ queryKey: partyMessageKeys.counts, queryFn: getOutboxCounts });
}

/** Listings rarely have more; the Outbox pages through the rest. */
const LISTING_MESSAGES_LIMIT = 100;

/** A listing's messages to its parties, what is still to go first (by send time), then what went, newest first. */
export async function getListingPartyMessages(listingId: string) {
  const rows = throwIfError(
    await partyMessagesQuery()
      .eq('listing_id', z.uuid().parse(listingId))
      .order('send_at', { ascending: false, nullsFirst: true })
      .order('id', { ascending: false })
      .limit(LISTING_MESSAGES_LIMIT),
  ).map(toPartyMessage);
  const queued = rows.filter((row) => !descending(row.status as OutboxTab)).reverse();
  return [...queued, ...rows.filter((row) => descending(row.status as OutboxTab))];
}

export function listingPartyMessagesQueryOptions(listingId: string) {
  return queryOptions({ queryKey: partyMessageKeys.listing(listingId), queryFn: () => getListingPartyMessages(listingId) });
}

export function useListingPartyMessages(listingId: string) {
  return useQuery(listingPartyMessagesQueryOptions(listingId));
}
