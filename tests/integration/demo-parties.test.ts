/**
 * The demo data of issue 55 (supabase/seeds/parties-and-messages.sql), as the
 * seed's coordinators see it through the HTTP stack: the people on both
 * seeded contracts, the three global message templates, and an outbox with a
 * message sent (its copy on the thread), one waiting and one held for the
 * missing lender — and that another team sees none of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoUser, type TestUser } from '../support/clients.ts';

const SHOAL_CREEK = '10000000-0000-4000-8000-000000000004';
const HILLEGASS = '10000000-0000-4000-8000-000000000009';
const OLIVIA = 'a0000000-0000-4000-8000-000000000003';

describe('demo data: parties, templates and the outbox', () => {
  let olivia: TestUser;
  let david: TestUser;

  beforeAll(async () => {
    [olivia, david] = await Promise.all([demoUser('olivia.chen@listingdesk.test'), demoUser('david.kim@listingdesk.test')]);
  });

  it('has the people on both contracts, and Hillegass has no lender yet', async () => {
    const roles = async (user: TestUser, listing: string) => {
      const { data, error } = await user.client.from('listing_parties').select('role').eq('listing_id', listing);
      expect(error).toBeNull();
      return new Set((data ?? []).map((p) => p.role));
    };
    expect([...(await roles(olivia, SHOAL_CREEK))]).toEqual(expect.arrayContaining(['seller', 'buyer', 'buyers_agent', 'title_escrow', 'lender']));
    const hillegass = await roles(david, HILLEGASS);
    expect([...hillegass]).toEqual(expect.arrayContaining(['seller', 'buyer', 'buyers_agent', 'title_escrow']));
    expect(hillegass.has('lender')).toBe(false);
    // Another team reads none of them.
    expect((await roles(olivia, HILLEGASS)).size).toBe(0);
  });

  it('has the three global templates', async () => {
    const { data, error } = await olivia.client.from('message_templates').select('name, owner_tc_id').is('owner_tc_id', null);
    expect(error).toBeNull();
    expect((data ?? []).map((t) => t.name)).toEqual(
      expect.arrayContaining(['Under contract — introduction to everyone', 'Option period ends tomorrow', 'Closing next week']),
    );
  });

  it('has an outbox with messages sent, waiting and held for the missing lender', async () => {
    const { data: mine, error } = await olivia.client
      .from('party_messages')
      .select('id, status, subject')
      .eq('listing_tc_id', OLIVIA)
      .eq('listing_id', SHOAL_CREEK);
    expect(error).toBeNull();
    const statuses = (mine ?? []).map((m) => m.status);
    expect(statuses).toEqual(expect.arrayContaining(['sent', 'waiting']));
    const sent = (mine ?? []).filter((m) => m.status === 'sent').map((m) => m.id);
    const { data: thread } = await olivia.client.from('messages').select('party_message_id, email_direction').in('party_message_id', sent);
    expect((thread ?? []).map((m) => m.email_direction)).toEqual(sent.map(() => 'outbound'));

    const { data: held } = await david.client.from('party_messages').select('status, held_reason').eq('listing_id', HILLEGASS).eq('status', 'held');
    expect(held?.[0]?.held_reason).toMatch(/no lender on this listing/);
    // Olivia's team sees none of David's messages.
    const { data: foreign } = await olivia.client.from('party_messages').select('id').eq('listing_id', HILLEGASS);
    expect(foreign).toEqual([]);
  });

  it('counts the Outbox tabs exactly as the coordinator can read them; an agent counts none', async () => {
    const counts = async (user: TestUser) => {
      const { data, error } = await user.client.rpc('party_message_counts');
      expect(error).toBeNull();
      return Object.fromEntries((data ?? []).map((c: { status: string; n: number }) => [c.status, c.n]));
    };
    const { data: readable } = await olivia.client.from('party_messages').select('status').eq('listing_tc_id', OLIVIA);
    const expected: Record<string, number> = { waiting: 0, held: 0, approved: 0, sent: 0, failed: 0, skipped: 0 };
    for (const m of readable ?? []) expected[m.status] += 1;
    expect(await counts(olivia)).toEqual(expected);
    const emily = await demoUser('emily.rodriguez@listingdesk.test');
    expect(Object.values(await counts(emily)).every((n) => n === 0)).toBe(true);
  });
});
