/**
 * Parties on a deal and the team's contact book (issue 55, part A), checked
 * through the HTTP stack (supabase-js → gateway → PostgREST) with real
 * sign-ins: the listing's agent, its coordinator acting as tc and a super
 * admin work with its parties; another team's agent and coordinator see
 * nothing and cannot add. The contact book is the team's; one e-mail and one
 * phone per book (409 naming the contact, its id as hint); the seller fields
 * are the first seller party; the roles a stage needs; a contact on a listing
 * is not deleted; what the database derives cannot be sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { anonActor, createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let agentA: Actor, agentA2: Actor, coordA: Actor, agentB: Actor, coordB: Actor, admin: Actor;

beforeAll(async () => {
  coordA = await createActor('PartyCoordA', 'tc');
  coordB = await createActor('PartyCoordB', 'tc');
  agentA = await createActor('PartyAgentA', 'agent', { assignedTcId: coordA.id });
  agentA2 = await createActor('PartyAgentA2', 'agent', { assignedTcId: coordA.id });
  agentB = await createActor('PartyAgentB', 'agent', { assignedTcId: coordB.id });
  admin = await createActor('PartyAdmin', 'super_admin');
});

let n = 0;
/** A listing of agent A coordinated by coordinator A (no seller fields unless given). */
const listingOfAgentA = (extra: Record<string, unknown> = {}) =>
  withDb((db) => insertRow(db, 'listings', { address: `${++n} Party Row, Austin TX`, agent_id: agentA.id, tc_id: coordA.id, status: 'live', ...extra }));

/** A unique e-mail of this run, so reruns on one stack do not collide in a book. */
const mail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@parties.test`;

const addParty = (actor: Actor, args: { listing_id: string; role: string; contact?: Record<string, unknown>; contact_id?: string }) =>
  actor.client.rpc('add_listing_party', args).single<{ id: string; contact_id: string; position: number; listing_agent_id: string; listing_tc_id: string }>();

const answer = (r: { status: number; error: { message: string } | null }) => ({ status: r.status, message: r.error?.message });

describe('who works with a listing’s parties', () => {
  it("the listing's agent, its coordinator and a super admin add, read, change and remove parties", async () => {
    const listingId = await listingOfAgentA();
    for (const actor of [agentA, coordA, admin]) {
      const added = await addParty(actor, { listing_id: listingId, role: 'lender', contact: { name: `Lender of ${actor.key}`, email: mail('lender') } });
      expect(added.status, `${actor.key} adds a party`).toBe(200);
      const read = await actor.client.from('listing_parties').select('id, contact:contacts(name)').eq('id', added.data!.id).single();
      expect(read.data?.contact, `${actor.key} reads the party and its contact`).toEqual({ name: `Lender of ${actor.key}` });
      const changed = await actor.client.from('listing_parties').update({ notes: '  pre-approved  ' }).eq('id', added.data!.id).select('notes').single();
      expect(changed.data, `${actor.key} changes the party; notes trimmed`).toEqual({ notes: 'pre-approved' });
      const removed = await actor.client.from('listing_parties').delete().eq('id', added.data!.id).select('id');
      expect(removed.data?.length, `${actor.key} removes the party`).toBe(1);
    }
  });

  it('another team sees nothing and cannot add, change or remove; anon is refused', async () => {
    const listingId = await listingOfAgentA();
    const party = await addParty(agentA, { listing_id: listingId, role: 'buyer', contact: { name: 'Jordan Buyer', email: mail('jordan') } });
    const ownContact = await agentB.client.from('contacts').insert({ name: 'B team title', email: mail('title') }).select('id').single();
    for (const actor of [agentB, coordB]) {
      const seen = await actor.client.from('listing_parties').select('id').eq('listing_id', listingId);
      expect(seen.data, `${actor.key} reads no party`).toEqual([]);
      const contact = await actor.client.from('contacts').select('id').eq('id', party.data!.contact_id);
      expect(contact.data, `${actor.key} reads no contact of it`).toEqual([]);
      const added = await addParty(actor, { listing_id: listingId, role: 'buyer', contact: { name: 'Intruder' } });
      expect(answer(added), `${actor.key} cannot add through the function`).toEqual({ status: 404, message: 'listing not found' });
      const direct = await actor.client.from('listing_parties').insert({ listing_id: listingId, contact_id: ownContact.data!.id, role: 'title_escrow' });
      expect(answer(direct), `${actor.key} cannot add directly`).toEqual({ status: 404, message: 'listing not found' });
      const changed = await actor.client.from('listing_parties').update({ notes: 'x' }).eq('id', party.data!.id).select('id');
      expect(changed.data, `${actor.key} changes nothing`).toEqual([]);
      const removed = await actor.client.from('listing_parties').delete().eq('id', party.data!.id).select('id');
      expect(removed.data, `${actor.key} removes nothing`).toEqual([]);
    }
    const anon = await anonActor().client.rpc('add_listing_party', { listing_id: listingId, role: 'buyer', contact: { name: 'Anon' } });
    expect(anon.status, 'anon cannot call it').toBe(401);
  });

  it('bad input: unknown role (named), unknown contact key, both or neither contact and contact_id, the same contact twice in a role', async () => {
    const listingId = await listingOfAgentA();
    expect(answer(await addParty(agentA, { listing_id: listingId, role: 'landlord', contact: { name: 'X' } })), 'unknown role').toEqual({
      status: 400,
      message: 'unknown role "landlord"; a party is one of seller, buyer, listing_agent, buyers_agent, lender, title_escrow, inspector, appraiser, hoa, attorney, other',
    });
    expect(answer(await addParty(agentA, { listing_id: listingId, role: 'buyer', contact: { name: 'X', age: 3 } })), 'unknown key').toEqual({
      status: 400,
      message: 'unknown contact key "age"',
    });
    expect((await addParty(agentA, { listing_id: listingId, role: 'buyer' })).status, 'neither contact nor contact_id').toBe(400);
    const first = await addParty(agentA, { listing_id: listingId, role: 'buyer', contact: { name: 'Dana Twice', email: mail('dana') } });
    const again = await addParty(coordA, { listing_id: listingId, role: 'buyer', contact_id: first.data!.contact_id });
    expect(answer(again), 'the same contact twice in one role').toEqual({ status: 409, message: 'Dana Twice is already the Buyer on this listing' });
    const otherRole = await addParty(coordA, { listing_id: listingId, role: 'attorney', contact_id: first.data!.contact_id });
    expect(otherRole.status, 'the same contact in another role').toBe(200);
    const second = await addParty(agentA, { listing_id: listingId, role: 'buyer', contact: { name: 'Second Buyer' } });
    expect(second.data?.position, 'a second buyer goes after the first').toBe(1);
  });
});

describe('the contact book is the team’s', () => {
  it("the team reads and searches its book; another team neither reads nor searches it nor names its contacts", async () => {
    const email = mail('celia');
    const created = await agentA.client.from('contacts').insert({ name: 'Celia Bookworm', company: 'Ortiz Holdings', email }).select('id, book_id').single();
    expect(created.data?.book_id, "an agent's contact goes to the coordinator's book").toBe(coordA.id);
    for (const actor of [agentA, agentA2, coordA, admin]) {
      const found = await actor.client.rpc('search_contacts', { query: 'bookworm' });
      expect((found.data as { id: string }[]).map((c) => c.id), `${actor.key} finds it by name`).toContain(created.data!.id);
    }
    const byCompany = await coordA.client.rpc('search_contacts', { query: 'ortiz hold' });
    expect((byCompany.data as { id: string }[]).map((c) => c.id), 'found by company').toContain(created.data!.id);
    for (const actor of [agentB, coordB]) {
      const read = await actor.client.from('contacts').select('id').eq('id', created.data!.id);
      expect(read.data, `${actor.key} does not read it`).toEqual([]);
      const found = await actor.client.rpc('search_contacts', { query: 'bookworm' });
      expect(found.data, `${actor.key} does not find it`).toEqual([]);
      const changed = await actor.client.from('contacts').update({ name: 'Stolen' }).eq('id', created.data!.id).select('id');
      expect(changed.data, `${actor.key} changes nothing`).toEqual([]);
    }
    const loner = await createActor('PartyLoner', 'agent');
    const own = await loner.client.from('contacts').insert({ name: 'Loner Contact' }).select('book_id').single();
    expect(own.data?.book_id, 'an unassigned agent keeps a book of their own').toBe(loner.id);
    expect((await loner.client.rpc('search_contacts', { query: 'bookworm' })).data, "and does not search the team's").toEqual([]);
    const listingB = await withDb((db) => insertRow(db, 'listings', { address: `${++n} B Row, Austin TX`, agent_id: agentB.id, tc_id: coordB.id, status: 'live' }));
    const named = await addParty(coordB, { listing_id: listingB, role: 'buyer', contact_id: created.data!.id });
    expect(answer(named), "another team cannot name the team's contact").toEqual({ status: 404, message: 'contact not found' });
  });

  it("the listing's people read a party's contact from another book", async () => {
    const listingId = await listingOfAgentA();
    const adminContact = await admin.client.from('contacts').insert({ name: 'Admin Book Inspector', email: mail('inspector') }).select('id, book_id').single();
    expect(adminContact.data?.book_id, "a super admin's contact is in their own book").toBe(admin.id);
    const before = await agentA.client.from('contacts').select('id').eq('id', adminContact.data!.id);
    expect(before.data, 'not readable before it is a party').toEqual([]);
    expect((await addParty(admin, { listing_id: listingId, role: 'inspector', contact_id: adminContact.data!.id })).status, 'the super admin names it').toBe(200);
    for (const actor of [agentA, coordA]) {
      const read = await actor.client.from('contacts').select('name').eq('id', adminContact.data!.id);
      expect(read.data, `${actor.key} reads it as the listing's party`).toEqual([{ name: 'Admin Book Inspector' }]);
    }
    const read = await agentB.client.from('contacts').select('id').eq('id', adminContact.data!.id);
    expect(read.data, 'another team still does not').toEqual([]);
  });
});

describe('one e-mail and one phone per book', () => {
  it('the same e-mail in another case or with spaces, or the same phone written otherwise, is a 409 naming the contact with its id as hint', async () => {
    const email = mail('Same.Person');
    const digits = `512555${String(1000 + ++n).slice(-4)}`;
    const first = await agentA.client.from('contacts').insert({ name: ' Sam Same ', email: `  ${email.toUpperCase()} `, phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` }).select().single();
    expect({ name: first.data?.name, email: first.data?.email, digits: first.data?.phone_digits }, 'stored trimmed and lower-cased, digits derived').toEqual({
      name: 'Sam Same',
      email: email.toLowerCase(),
      digits,
    });
    const sameMail = await coordA.client.from('contacts').insert({ name: 'Samuel', email: ` ${email.toLowerCase()}` }).select('id');
    expect({ ...answer(sameMail), hint: sameMail.error?.hint }, 'same e-mail').toEqual({ status: 409, message: 'a contact with this e-mail already exists: Sam Same', hint: first.data!.id });
    const samePhone = await agentA2.client.from('contacts').insert({ name: 'Sammy', phone: `+1 ${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` }).select('id');
    expect({ ...answer(samePhone), hint: samePhone.error?.hint }, 'same phone').toEqual({ status: 409, message: 'a contact with this phone already exists: Sam Same', hint: first.data!.id });
    const other = await agentA.client.from('contacts').insert({ name: 'Other Sam', email: mail('other') }).select('id').single();
    const moved = await agentA.client.from('contacts').update({ email }).eq('id', other.data!.id).select('id');
    expect(answer(moved), 'an update to an existing e-mail').toEqual({ status: 409, message: 'a contact with this e-mail already exists: Sam Same' });
    const otherBook = await agentB.client.from('contacts').insert({ name: 'Sam in B', email }).select('id');
    expect(otherBook.status, 'another book may hold the same e-mail').toBe(201);
    const bad = await agentA.client.from('contacts').insert({ name: 'Bad Mail', email: 'not-an-address' }).select('id');
    expect(answer(bad), 'a loose e-mail check').toEqual({ status: 400, message: 'email is not an e-mail address' });
    const blank = await agentA.client.from('contacts').insert({ name: ' \u00a0 ' }).select('id');
    expect(answer(blank), 'a name is required').toEqual({ status: 400, message: 'a contact needs a name' });

    const listingId = await listingOfAgentA();
    const reused = await addParty(coordA, { listing_id: listingId, role: 'buyer', contact: { name: 'Someone Else', email: ` ${email.toUpperCase()}` } });
    expect(reused.data?.contact_id, 'add_listing_party with a known e-mail reuses the contact').toBe(first.data!.id);
    const byPhone = await addParty(agentA, { listing_id: listingId, role: 'seller', contact: { name: 'Phone Person', phone: `1-${digits}` } });
    expect(byPhone.data?.contact_id, 'and with a known phone').toBe(first.data!.id);
    const kept = await agentA.client.from('contacts').select('name').eq('id', first.data!.id).single();
    expect(kept.data, "the existing contact's fields are not overwritten").toEqual({ name: 'Sam Same' });
    const byDigits = await agentA2.client.rpc('search_contacts', { query: `${digits.slice(3, 6)}-${digits.slice(6)}` });
    expect((byDigits.data as { id: string }[]).map((c) => c.id), 'search finds it by its phone digits').toContain(first.data!.id);
    const count = await coordA.client.from('contacts').select('id', { count: 'exact', head: true }).eq('email', email.toLowerCase());
    expect(count.count, 'never a second row').toBe(1);
  });
});

describe('the seller fields', () => {
  it('create the seller party at position 0 and keep it as they change; clearing the name leaves it', async () => {
    const sellerMail = mail('seller');
    const created = await agentA.client
      .from('listings')
      .insert({ address: `${++n} Seller Way, Austin TX`, agent_id: agentA.id, seller_name: 'Celia Ortiz' })
      .select('id')
      .single();
    const listingId = created.data!.id;
    const sellers = async () =>
      (await coordA.client.from('listing_parties').select('position, contact:contacts(name, email, book_id)').eq('listing_id', listingId).eq('role', 'seller')).data;
    expect(await sellers(), 'the seller name makes a seller party').toEqual([{ position: 0, contact: { name: 'Celia Ortiz', email: null, book_id: coordA.id } }]);
    await agentA.client.from('listings').update({ seller_email: sellerMail }).eq('id', listingId);
    expect(await sellers(), 'an e-mail added fills the same contact').toEqual([{ position: 0, contact: { name: 'Celia Ortiz', email: sellerMail, book_id: coordA.id } }]);
    await agentA.client.from('listings').update({ seller_name: 'Bill Ortiz', seller_email: null }).eq('id', listingId);
    expect(await sellers(), 'another seller takes the fields’ party').toEqual([{ position: 0, contact: { name: 'Bill Ortiz', email: null, book_id: coordA.id } }]);
    await agentA.client.from('listings').update({ seller_name: null }).eq('id', listingId);
    expect((await sellers())?.length, 'clearing the name leaves the party').toBe(1);

    const second = await agentA.client.from('listings').insert({ address: `${++n} Seller Way, Austin TX`, agent_id: agentA.id, seller_name: 'C. Ortiz', seller_email: sellerMail.toUpperCase() }).select('id').single();
    const reused = await agentA.client.from('listing_parties').select('contact:contacts(name)').eq('listing_id', second.data!.id).eq('role', 'seller').single();
    expect(reused.data?.contact, "the book's contact with that e-mail is the seller of another listing").toEqual({ name: 'Celia Ortiz' });
  });
});

describe('the roles a stage needs', () => {
  it('lists the roles of the current status without a party; 404 for an unseen listing', async () => {
    const listingId = await listingOfAgentA();
    const missing = async () => (await coordA.client.rpc('listing_missing_party_roles', { listing_id: listingId })).data;
    expect(await missing(), 'a live listing needs its seller').toEqual(['seller']);
    await addParty(agentA, { listing_id: listingId, role: 'seller', contact: { name: 'Stage Seller' } });
    expect(await missing(), 'then nothing').toEqual([]);
    await withDb((db) => db.query(`update public.listings set status = 'under_contract' where id = $1`, [listingId]));
    expect(await missing(), 'under contract: buyer, buyer’s agent, title / escrow').toEqual(['buyer', 'buyers_agent', 'title_escrow']);
    await addParty(agentA, { listing_id: listingId, role: 'buyers_agent', contact: { name: 'Stage Agent' } });
    expect(await missing(), 'one filled').toEqual(['buyer', 'title_escrow']);
    const unseen = await agentB.client.rpc('listing_missing_party_roles', { listing_id: listingId });
    expect(answer(unseen), 'another team').toEqual({ status: 404, message: 'listing not found' });
    const rows = await agentB.client.from('party_role_requirements').select('status, role').eq('status', 'live');
    expect(rows.data, 'every signed-in user reads the requirements').toEqual([{ status: 'live', role: 'seller' }]);
  });
});

describe('deleting a contact', () => {
  it('a contact on a listing is a 409; once removed there its creator or the coordinator deletes it, another member not', async () => {
    const listingId = await listingOfAgentA();
    const party = await addParty(agentA, { listing_id: listingId, role: 'hoa', contact: { name: 'Lakeside HOA', email: mail('hoa') } });
    const refused = await coordA.client.from('contacts').delete().eq('id', party.data!.contact_id).select('id');
    expect(answer(refused), 'used by a party').toEqual({ status: 409, message: 'this contact is a party on 1 listing; remove it there first' });
    await agentA.client.from('listing_parties').delete().eq('id', party.data!.id);
    const byOtherAgent = await agentA2.client.from('contacts').delete().eq('id', party.data!.contact_id).select('id');
    expect(byOtherAgent.data, 'another agent of the book deletes nothing').toEqual([]);
    const byCoordinator = await coordA.client.from('contacts').delete().eq('id', party.data!.contact_id).select('id');
    expect(byCoordinator.data?.length, "the book's coordinator deletes it").toBe(1);
  });
});

describe('what the database derives', () => {
  it('book, creator and the copies of the listing’s people cannot be forged or moved', async () => {
    const forged = await agentA.client.from('contacts').insert({ name: 'Forged Book', book_id: coordB.id, email: mail('forged') }).select('id, book_id, created_by').single();
    expect({ book: forged.data?.book_id, by: forged.data?.created_by }, "the book and creator are the caller's").toEqual({ book: coordA.id, by: agentA.id });
    const moved = await agentA.client.from('contacts').update({ book_id: coordB.id }).eq('id', forged.data!.id).select('id');
    expect(answer(moved), 'the book does not move').toEqual({ status: 403, message: 'book_id is fixed when the row is created' });
    const named = await admin.client.from('contacts').insert({ name: 'Named Book', book_id: coordB.id }).select('book_id').single();
    expect(named.data?.book_id, 'a super admin may name a book').toBe(coordB.id);

    const listingId = await listingOfAgentA();
    const otherListing = await listingOfAgentA();
    const inserted = await agentA.client
      .from('listing_parties')
      .insert({ listing_id: listingId, contact_id: forged.data!.id, role: 'other', listing_agent_id: agentB.id, listing_tc_id: coordB.id })
      .select('id, listing_agent_id, listing_tc_id, created_by')
      .single();
    expect(
      { agent: inserted.data?.listing_agent_id, tc: inserted.data?.listing_tc_id, by: inserted.data?.created_by },
      "the copies are the listing's people, the creator the caller",
    ).toEqual({ agent: agentA.id, tc: coordA.id, by: agentA.id });
    const relisted = await agentA.client.from('listing_parties').update({ listing_id: otherListing }).eq('id', inserted.data!.id).select('id');
    expect(answer(relisted), 'the listing does not move').toEqual({ status: 403, message: 'listing_id is fixed when the row is created' });
    const copies = await agentA.client.from('listing_parties').update({ listing_tc_id: coordB.id }).eq('id', inserted.data!.id).select('listing_tc_id').single();
    expect(copies.data, 'the copies are rewritten from the listing').toEqual({ listing_tc_id: coordA.id });

    await withDb((db) => db.query(`update public.listings set tc_id = $2 where id = $1`, [listingId, coordB.id]));
    const followed = await coordB.client.from('listing_parties').select('listing_tc_id').eq('id', inserted.data!.id).single();
    expect(followed.data, "the copies follow the listing's coordinator").toEqual({ listing_tc_id: coordB.id });
  });
});
