import { describe, expect, it } from 'vitest';
import { actorName, eventPredicate } from '@/features/listing-history/components/event-sentence';

const KNOWN: Record<string, string> = { live: 'Live', under_contract: 'Under Contract' };
/** As the app's labelOf(): the table's label, else the key in words. */
const LABELS = (key: string) => KNOWN[key] ?? key.replaceAll('_', ' ');
const event = (kind: string, rest: Partial<{ from_value: string | null; to_value: string | null; detail: Record<string, unknown> }> = {}) => ({
  kind,
  from_value: null,
  to_value: null,
  detail: {},
  ...rest,
});

describe('history sentences', () => {
  it('names the actor, someone hidden, or the database', () => {
    expect(actorName({ actor_id: 'a', actor: { first_name: 'Olivia', last_name: 'Chen' } }), 'a readable account by name').toBe('Olivia Chen');
    expect(actorName({ actor_id: 'a', actor: null }), 'an account the reader may not see').toBe('Someone');
    expect(actorName({ actor_id: null, actor: null }), "the database's own jobs and the seed").toBe('ListingDesk');
  });

  it('status changes read with the labels of listing_statuses', () => {
    expect(eventPredicate(event('status_changed', { from_value: 'live', to_value: 'under_contract', detail: { cause: 'contract' } }), LABELS), 'labels, not keys').toBe(
      'moved the listing from Live to Under Contract',
    );
    expect(eventPredicate(event('status_changed', { from_value: 'live', to_value: 'closed', detail: { cause: 'override' } }), LABELS), 'an override says so; an unknown key reads as words').toBe(
      'overrode the compliance gate and moved the listing from Live to closed',
    );
  });

  it('documents, waivers and key dates read with what they are about', () => {
    expect(eventPredicate(event('document_approved', { detail: { label: "Seller's Disclosure", version: 1 } }), LABELS), 'an approval').toBe("approved Seller's Disclosure");
    expect(eventPredicate(event('document_submitted', { detail: { label: "Seller's Disclosure", version: 2 } }), LABELS), 'a new version').toBe("submitted Seller's Disclosure (version 2) for review");
    expect(eventPredicate(event('document_submitted', { detail: { label: 'Lead-Based Paint Disclosure', file_name: 'lbp.pdf', cause: 'requirement' } }), LABELS), 'a file submitted by a new requirement').toBe(
      'made Lead-Based Paint Disclosure required; lbp.pdf now waits for review',
    );
    expect(eventPredicate(event('document_returned', { detail: { file_name: 'scan.pdf' } }), LABELS), 'the file name without a label').toBe('returned scan.pdf');
    expect(eventPredicate(event('requirement_waived', { detail: { label: 'MLS Input Sheet' } }), LABELS), 'a waiver').toBe('waived the requirement MLS Input Sheet');
    expect(eventPredicate(event('deadline_done', { to_value: 'option_fee', detail: { label: 'Option fee due' } }), LABELS), 'a key date done').toBe('marked Option fee due done');
    expect(eventPredicate(event('deadline_waived', { detail: { label: 'Survey due' } }), LABELS), 'a key date waived').toBe('waived the key date Survey due');
    expect(eventPredicate(event('photos_reordered'), LABELS), 'a kind without a sentence reads as its words').toBe('photos reordered');
  });
});
