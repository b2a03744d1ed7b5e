import type { ListingEvent } from '@/features/listing-history/api/listing-event';

/** Who made a change, as the history names them: their name, 'Someone' when the reader may not see that account, 'ListingDesk' for the database's own jobs. */
export function actorName(event: Pick<ListingEvent, 'actor_id' | 'actor'>): string {
  if (!event.actor_id) return 'ListingDesk';
  const name = [event.actor?.first_name, event.actor?.last_name].filter(Boolean).join(' ').trim();
  return name || 'Someone';
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * What happened, after the actor's name, as a plain sentence: 'moved the
 * listing from Live to Under Contract', "approved Seller's Disclosure".
 * Status keys read as their labels (public.listing_statuses); an unknown kind
 * reads as its words, so a new kind shows before it has a sentence.
 */
export function eventPredicate(event: Pick<ListingEvent, 'kind' | 'from_value' | 'to_value' | 'detail'>, statusLabel: (key: string) => string): string {
  const status = (key: string | null) => (key ? statusLabel(key) : 'no status');
  const label = text(event.detail.label) ?? text(event.detail.file_name) ?? 'a document';
  const version = typeof event.detail.version === 'number' && event.detail.version > 1 ? ` (version ${event.detail.version})` : '';
  switch (event.kind) {
    case 'status_changed': {
      const moved = `moved the listing from ${status(event.from_value)} to ${status(event.to_value)}`;
      return event.detail.cause === 'override' ? `overrode the compliance gate and ${moved}` : moved;
    }
    case 'contract_recorded':
      return 'recorded a contract';
    case 'contract_amended':
      return 'amended the contract';
    case 'contract_closed':
      return 'closed the contract';
    case 'contract_terminated':
      return 'terminated the contract';
    case 'document_submitted':
      // A requirement added for a type already on file submits that file: the actor's change did, not an upload.
      return event.detail.cause === 'requirement'
        ? `made ${label} required; ${text(event.detail.file_name) ?? 'the file on hand'} now waits for review`
        : `submitted ${label}${version} for review`;
    case 'document_approved':
      return `approved ${label}${version}`;
    case 'document_returned':
      return `returned ${label}${version}`;
    case 'requirement_waived':
      return `waived the requirement ${label}`;
    case 'deadline_done':
      return `marked ${text(event.detail.label) ?? 'a key date'} done`;
    case 'deadline_waived':
      return `waived the key date ${text(event.detail.label) ?? ''}`.trimEnd();
    default:
      return event.kind.replaceAll('_', ' ');
  }
}
