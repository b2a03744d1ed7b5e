/**
 * Notes and listing messages carry copies of their listing's agent and
 * coordinator (listing_agent_id, listing_tc_id), which their select policies
 * compare with the caller (migration 20250707000200). The copies are the
 * database's: what a client sends is replaced, they follow the listing when
 * its people change (even when that change is committed while a note is being
 * written), and following is not an edit. Tasks carry the same copies
 * (migration 20250713000100), from which a coordinator's workflow statistics
 * count their scope. Checked through the API with real sign-ins.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let coordinatorA: Actor, coordinatorB: Actor, agentA: Actor, agentB: Actor, admin: Actor;

beforeAll(async () => {
  coordinatorA = await createActor('CopyCoordA', 'tc');
  coordinatorB = await createActor('CopyCoordB', 'tc');
  agentA = await createActor('CopyAgentA', 'agent', { assignedTcId: coordinatorA.id });
  agentB = await createActor('CopyAgentB', 'agent', { assignedTcId: coordinatorB.id });
  admin = await createActor('CopyAdmin', 'super_admin');
});

/** A listing of agent A coordinated by coordinator A. */
const listingOfAgentA = (address: string) => withDb((db) => insertRow(db, 'listings', { address, agent_id: agentA.id, tc_id: coordinatorA.id }));

/** What each actor reads of the listing's notes and messages, through the API. */
async function readers(listingId: string) {
  const seen: Record<string, { notes: number; messages: number }> = {};
  for (const actor of [agentA, coordinatorA, agentB, coordinatorB]) {
    const notes = await actor.client.from('notes').select('id').eq('listing_id', listingId);
    const messages = await actor.client.from('messages').select('id').eq('listing_id', listingId);
    expect(notes.error ?? messages.error, `${actor.key} reads without an error`).toBeNull();
    seen[actor.key] = { notes: notes.data!.length, messages: messages.data!.length };
  }
  return seen;
}

describe("the copies of a listing's people on its notes and messages", () => {
  it('are taken from the listing, whatever the client sends', async () => {
    const listingId = await listingOfAgentA('10 Copy Lane, Austin TX');
    const spoofed = { listing_agent_id: agentB.id, listing_tc_id: coordinatorB.id };
    const note = await agentA.client.from('notes').insert({ listing_id: listingId, content: 'Keys are in the lockbox.', ...spoofed }).select('listing_agent_id, listing_tc_id').single();
    expect(note.error).toBeNull();
    expect(note.data, "the note carries the listing's agent and coordinator").toEqual({ listing_agent_id: agentA.id, listing_tc_id: coordinatorA.id });
    const message = await agentA.client.from('messages').insert({ listing_id: listingId, content: 'Photos are up.', ...spoofed }).select('listing_agent_id, listing_tc_id').single();
    expect(message.error).toBeNull();
    expect(message.data, "so does the message").toEqual({ listing_agent_id: agentA.id, listing_tc_id: coordinatorA.id });
    expect(await readers(listingId), 'the other team reads nothing of them').toEqual({
      CopyAgentA: { notes: 1, messages: 1 },
      CopyCoordA: { notes: 1, messages: 1 },
      CopyAgentB: { notes: 0, messages: 0 },
      CopyCoordB: { notes: 0, messages: 0 },
    });
  });

  it('cannot be changed by an update: refused on notes, derived again on messages', async () => {
    const listingId = await listingOfAgentA('11 Copy Lane, Austin TX');
    const note = await agentA.client.from('notes').insert({ listing_id: listingId, content: 'Inspection on Friday.' }).select('id').single();
    const noteUpdate = await agentA.client.from('notes').update({ listing_agent_id: agentB.id }).eq('id', note.data!.id);
    expect(noteUpdate.status, 'the author may edit the text only').toBe(403);
    const message = await agentA.client.from('messages').insert({ listing_id: listingId, content: 'Offer received.' }).select('id').single();
    const messageUpdate = await admin.client.from('messages').update({ listing_agent_id: agentB.id, listing_tc_id: null }).eq('id', message.data!.id).select('listing_agent_id, listing_tc_id').single();
    expect(messageUpdate.error).toBeNull();
    expect(messageUpdate.data, "even a super admin's update keeps the listing's people").toEqual({ listing_agent_id: agentA.id, listing_tc_id: coordinatorA.id });
  });

  it("follow the listing to another agent and coordinator, and the notes are not marked edited", async () => {
    const listingId = await listingOfAgentA('12 Copy Lane, Austin TX');
    const note = await agentA.client.from('notes').insert({ listing_id: listingId, content: 'Seller prefers mornings.' }).select('id, created_at, updated_at').single();
    await agentA.client.from('messages').insert({ listing_id: listingId, content: 'Can we list Monday?' });
    const moved = await admin.client.from('listings').update({ agent_id: agentB.id, tc_id: coordinatorB.id }).eq('id', listingId);
    expect(moved.error, 'a super admin hands the listing to the other team').toBeNull();
    expect(await readers(listingId), 'the new team reads them, the old one no longer').toEqual({
      CopyAgentA: { notes: 0, messages: 0 },
      CopyCoordA: { notes: 0, messages: 0 },
      CopyAgentB: { notes: 1, messages: 1 },
      CopyCoordB: { notes: 1, messages: 1 },
    });
    const after = await agentB.client.from('notes').select('created_at, updated_at').eq('id', note.data!.id).single();
    expect(after.data, 'copying is not an edit').toEqual({ created_at: note.data!.created_at, updated_at: note.data!.updated_at });
  });

  it("are the listing's new people when the change is committed while a note is being written", async () => {
    const listingId = await listingOfAgentA('13 Copy Lane, Austin TX');
    await withDb(async (db) => {
      await db.query('begin');
      await db.query('update public.listings set agent_id = $2, tc_id = $3 where id = $1', [listingId, agentB.id, coordinatorB.id]);
      // A super admin may write on the listing before and after the handover; the note waits for it.
      const writing = admin.client.from('notes').insert({ listing_id: listingId, content: 'Written during the handover.' }).select('listing_agent_id, listing_tc_id').single()
        .then((answer) => answer); // sent now (a query builder waits for its first then)
      await new Promise((resolve) => setTimeout(resolve, 300));
      await db.query('commit');
      const note = await writing;
      expect(note.error).toBeNull();
      expect(note.data, 'the note carries the new people, not those read before the commit').toEqual({ listing_agent_id: agentB.id, listing_tc_id: coordinatorB.id });
    });
    expect(await readers(listingId), 'so the new team reads it and the old one does not').toEqual({
      CopyAgentA: { notes: 0, messages: 0 },
      CopyCoordA: { notes: 0, messages: 0 },
      CopyAgentB: { notes: 1, messages: 0 },
      CopyCoordB: { notes: 1, messages: 0 },
    });
  });

  it('refuse the old agent a note written during the handover, and keep none with the old people', async () => {
    const listingId = await listingOfAgentA('14 Copy Lane, Austin TX');
    await withDb(async (db) => {
      await db.query('begin');
      await db.query('update public.listings set agent_id = $2, tc_id = $3 where id = $1', [listingId, agentB.id, coordinatorB.id]);
      const writing = agentA.client.from('notes').insert({ listing_id: listingId, content: 'Written by the old agent.' }).select('id').single().then((answer) => answer);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await db.query('commit');
      const note = await writing;
      expect(note.status, 'the listing is no longer theirs to read, so the insert is undone').toBe(403);
    });
    const left = await withDb((db) => db.query('select count(*)::int as n from public.notes where listing_id = $1', [listingId]));
    expect(left.rows[0].n, 'nothing was written').toBe(0);
  });
});

describe("the copies of a listing's people on its tasks (workflow statistics read them)", () => {
  it('are taken from the listing, whatever the coordinator sends, and a client cannot change them', async () => {
    const listingId = await listingOfAgentA('20 Copy Lane, Austin TX');
    const task = await coordinatorA.client.from('tasks')
      .insert({ listing_id: listingId, assigned_to_id: agentA.id, title: 'Upload the survey', listing_agent_id: agentB.id, listing_tc_id: coordinatorB.id })
      .select('id, listing_agent_id, listing_tc_id').single();
    expect(task.error).toBeNull();
    expect({ agent: task.data!.listing_agent_id, tc: task.data!.listing_tc_id }, "the task carries the listing's agent and coordinator").toEqual({ agent: agentA.id, tc: coordinatorA.id });
    const update = await coordinatorA.client.from('tasks').update({ listing_tc_id: coordinatorB.id }).eq('id', task.data!.id);
    expect(update.status, 'the copies are not among the columns a client may update').toBe(403);
  });

  it('follow the listing to another agent and coordinator without marking the task changed', async () => {
    const listingId = await listingOfAgentA('21 Copy Lane, Austin TX');
    const task = await coordinatorA.client.from('tasks').insert({ listing_id: listingId, assigned_to_id: agentA.id, title: 'Sign the disclosure' }).select('id').single();
    expect(task.error).toBeNull();
    const before = await withDb((db) => db.query('select updated_at from public.tasks where id = $1', [task.data!.id]));
    const moved = await admin.client.from('listings').update({ agent_id: agentB.id, tc_id: coordinatorB.id }).eq('id', listingId);
    expect(moved.error, 'a super admin hands the listing to the other team').toBeNull();
    const after = await withDb((db) => db.query('select listing_agent_id::text, listing_tc_id::text, updated_at from public.tasks where id = $1', [task.data!.id]));
    expect({ agent: after.rows[0].listing_agent_id, tc: after.rows[0].listing_tc_id }, "the task now carries the new team").toEqual({ agent: agentB.id, tc: coordinatorB.id });
    expect(after.rows[0].updated_at, 'copying is not a change of the task').toEqual(before.rows[0].updated_at);
  });

  it("count a coordinator's whole scope in the workflow statistics: their listings and their agents' others, each task once", async () => {
    const coordinator = await createActor('CopyStatsCoord', 'tc');
    const agent = await createActor('CopyStatsAgent', 'agent', { assignedTcId: coordinator.id });
    const own = await withDb((db) => insertRow(db, 'listings', { address: '30 Copy Lane, Austin TX', agent_id: agent.id, tc_id: coordinator.id }));
    const agentsOther = await withDb((db) => insertRow(db, 'listings', { address: '31 Copy Lane, Austin TX', agent_id: agent.id, tc_id: coordinatorB.id }));
    const notTheirs = await withDb((db) => insertRow(db, 'listings', { address: '32 Copy Lane, Austin TX', agent_id: agentB.id, tc_id: coordinatorB.id }));
    await withDb(async (db) => {
      // Own listing: 2 tasks, 1 completed; the agent's listing of another coordinator: 2 open; another team's: 1 completed.
      for (const [listing, status, assignee] of [[own, 'completed', agent.id], [own, 'pending', agent.id], [agentsOther, 'pending', agent.id], [agentsOther, 'pending', agent.id], [notTheirs, 'completed', agentB.id]]) {
        await insertRow(db, 'tasks', { listing_id: listing, title: 'Stats task', status, assigned_to_id: assignee, completed_at: status === 'completed' ? new Date().toISOString() : null });
      }
    });
    const stats = await coordinator.client.rpc('workflow_stats', { agent_id: null }).single();
    expect(stats.error).toBeNull();
    expect(stats.data, '1 of the 4 tasks in scope is completed; the other team\'s task is not counted').toMatchObject({ completion_rate: 25, avg_response_hours: null });
    const none = await createActor('CopyStatsEmpty', 'tc');
    expect((await none.client.rpc('workflow_stats', { agent_id: null }).single()).data, 'a coordinator without tasks has no rates').toMatchObject({ completion_rate: null, avg_response_hours: null });
  });
});

describe('the people on a listing read it and its notes alike (docs/data-model.md)', () => {
  /** What an actor reads of one listing: the listing row, its notes, its messages. */
  async function reads(actor: Actor, listingId: string) {
    const [listing, notes, messages] = await Promise.all([
      actor.client.from('listings').select('id').eq('id', listingId),
      actor.client.from('notes').select('id').eq('listing_id', listingId),
      actor.client.from('messages').select('id').eq('listing_id', listingId),
    ]);
    expect(listing.error ?? notes.error ?? messages.error, `${actor.key} reads without an error`).toBeNull();
    return { listing: listing.data!.length, notes: notes.data!.length, messages: messages.data!.length };
  }

  it("a listing's tc_id reads it only while acting as tc, like its notes and messages; a hand-set tc_id and the agent's coordinator both read", async () => {
    const coordinator = await createActor('PeopleCoord', 'tc');
    const agent = await createActor('PeopleAgent', 'agent', { assignedTcId: coordinatorA.id });
    // A super admin handed the listing's coordination to `coordinator`; the agent stays in coordinator A's team.
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: '40 Copy Lane, Austin TX', agent_id: agent.id, tc_id: coordinator.id }));
    expect((await agent.client.from('notes').insert({ listing_id: listingId, content: 'Seller travels next week.' })).error).toBeNull();
    expect((await agent.client.from('messages').insert({ listing_id: listingId, content: 'Staging on Monday.' })).error).toBeNull();
    const everything = { listing: 1, notes: 1, messages: 1 };
    expect(await reads(coordinator, listingId), "the listing's tc_id, acting as tc").toEqual(everything);
    expect(await reads(coordinatorA, listingId), "the agent's coordinator").toEqual(everything);
    expect(await reads(coordinatorB, listingId), 'another coordinator').toEqual({ listing: 0, notes: 0, messages: 0 });

    await withDb((db) => db.query(`update public.users set role = 'agent' where id = $1`, [coordinator.id]));
    expect(await reads(coordinator, listingId), 'the same person as an agent: still its tc_id, no longer one of its people').toEqual({ listing: 0, notes: 0, messages: 0 });
    const removed = await coordinator.client.from('listings').delete().eq('id', listingId).select('id');
    expect(removed.data, 'and cannot delete it').toEqual([]);
    expect(await reads(agent, listingId), 'the listing is still there for its agent').toEqual(everything);
  });
});
