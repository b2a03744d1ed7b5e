/**
 * Live updates by Broadcast from the database (issue 54, the listing screen's
 * tables), through the HTTP stack with unmodified supabase-js: each change is
 * sent by the database to the private topic user:<sign-in id> of the row's
 * readers, decided from the current data by the tables' read rule. What
 * travels is {table, id, op, listing_id}; a reader of another team hears
 * nothing; losing access stops delivery at the next change; nobody joins
 * another person's topic or sends on one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo, withDb } from '../support/clients.ts';
import { sleep, subscribed, waitFor } from '../support/realtime.ts';
import { createTwoTeams, heardOf, listen, QUIET_MS, toldAndReaders, type Ear, type LiveChange } from '../support/live-changes.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

async function sql<T extends Record<string, unknown> = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return withDb(async (db) => (await db.query<T>(text, params)).rows);
}

describe('live changes of the listing screen, sent by the database to their readers', () => {
  let coordinator: Actor, agent: Actor, otherCoordinator: Actor, otherAgent: Actor, superAdmin: Actor;
  let coordinatorEar: Ear, agentEar: Ear, otherCoordinatorEar: Ear, otherAgentEar: Ear, superAdminEar: Ear;
  let listingId: string;
  const ears = () => [coordinatorEar, agentEar, otherCoordinatorEar, otherAgentEar, superAdminEar];

  beforeAll(async () => {
    coordinator = await createActor('LiveCoord', 'tc');
    otherCoordinator = await createActor('LiveOtherCoord', 'tc');
    [agent, otherAgent, superAdmin] = await Promise.all([
      createActor('LiveAgent', 'agent', { assignedTcId: coordinator.id }),
      createActor('LiveOtherAgent', 'agent', { assignedTcId: otherCoordinator.id }),
      createActor('LiveSuperAdmin', 'super_admin'),
    ]);
    [coordinatorEar, agentEar, otherCoordinatorEar, otherAgentEar, superAdminEar] = await Promise.all([coordinator, agent, otherCoordinator, otherAgent, superAdmin].map(listen));
    // Created once everyone listens, so its insert is heard now and not in the middle of a later test.
    listingId = await withDb((db) => insertRow(db, 'listings', { address: '7 Live Oak St, Austin TX', agent_id: agent.id, tc_id: coordinator.id }));
    await waitFor(() => [agentEar, coordinatorEar, superAdminEar].every((ear) => heardOf(ear, 'listings', listingId).length > 0), 'the new listing to reach its people');
  });

  afterAll(async () => {
    await Promise.all([coordinator, agent, otherCoordinator, otherAgent, superAdmin].map((a) => a?.client.removeAllChannels()));
  });

  /** Makes a change of `table`, then checks the listing's agent, its coordinator and a super admin hear exactly it and the other team nothing. */
  async function expectHeardByTheListingOnly(table: string, change: () => Promise<{ id: string; op: LiveChange['op'] }>) {
    for (const ear of ears()) ear.heard.length = 0;
    const { id, op } = await change();
    const expected: LiveChange = { table, id, op, listing_id: listingId };
    await waitFor(() => [agentEar, coordinatorEar, superAdminEar].every((ear) => heardOf(ear, table, id).length > 0), `the ${table} ${op} to reach the listing's people`);
    await sleep(QUIET_MS);
    expect(heardOf(agentEar, table, id), `the listing's agent hears the ${table} ${op} once, as {table, id, op, listing_id} and nothing more`).toEqual([expected]);
    expect(heardOf(coordinatorEar, table, id), `the listing's coordinator hears the ${table} ${op} once`).toEqual([expected]);
    expect(heardOf(superAdminEar, table, id), `a super admin hears the ${table} ${op} once`).toEqual([expected]);
    expect(otherAgentEar.heard, `an agent of another team hears nothing of the ${table} change`).toEqual([]);
    expect(otherCoordinatorEar.heard, `a coordinator of another team hears nothing of the ${table} change`).toEqual([]);
  }

  it('listings: an update of the listing reaches its people only', async () => {
    await expectHeardByTheListingOnly('listings', async () => {
      await sql(`update public.listings set address = '7 Live Oak St, Austin TX 78701' where id = $1`, [listingId]);
      return { id: listingId, op: 'UPDATE' };
    });
  });

  it('tasks: a task of the listing reaches its assignee and the coordinator only', async () => {
    await expectHeardByTheListingOnly('tasks', async () => {
      const id = await withDb((db) => insertRow(db, 'tasks', { listing_id: listingId, assigned_to_id: agent.id, created_by_id: coordinator.id, title: 'Order the survey' }));
      return { id, op: 'INSERT' };
    });
  });

  it('documents: a listing document reaches its people only', async () => {
    await expectHeardByTheListingOnly('documents', async () => {
      const id = await withDb((db) => insertRow(db, 'documents', { listing_id: listingId, file_name: 'survey.pdf', file_url: `listings/${listingId}/survey.pdf`, uploaded_by: agent.id }));
      return { id, op: 'INSERT' };
    });
  });

  it('notes: a note written and then deleted reaches its people only, the deletion too', async () => {
    let noteId = '';
    await expectHeardByTheListingOnly('notes', async () => {
      noteId = await withDb((db) => insertRow(db, 'notes', { listing_id: listingId, user_id: agent.id, content: 'Seller prefers morning showings.' }));
      return { id: noteId, op: 'INSERT' };
    });
    // An update that writes the values the row already has changes nothing anyone sees: nobody is told.
    for (const ear of ears()) ear.heard.length = 0;
    await sql('update public.notes set content = content, listing_id = listing_id where id = $1', [noteId]);
    await sleep(QUIET_MS);
    expect(ears().flatMap((ear) => heardOf(ear, 'notes', noteId)), 'an update that changes nothing is told to nobody').toEqual([]);
    await expectHeardByTheListingOnly('notes', async () => {
      await sql('delete from public.notes where id = $1', [noteId]);
      return { id: noteId, op: 'DELETE' };
    });
  });

  it("messages: a message of the listing's thread reaches its people only", async () => {
    await expectHeardByTheListingOnly('messages', async () => {
      const id = await withDb((db) => insertRow(db, 'messages', { listing_id: listingId, sender_id: coordinator.id, content: 'Survey ordered.' }));
      return { id, op: 'INSERT' };
    });
  });

  it('inbound_emails: mail received for the listing reaches its people only', async () => {
    await expectHeardByTheListingOnly('inbound_emails', async () => {
      const id = await withDb((db) =>
        insertRow(db, 'inbound_emails', {
          listing_id: listingId,
          message_id: `<${crypto.randomUUID()}@live.test>`,
          recipient: `listing-${listingId}@inbound.test`,
          sender: 'title@live.test',
          subject: 'Title commitment',
          status: 'pending_review',
        }),
      );
      return { id, op: 'INSERT' };
    });
  });

  it('contracts and contract_deadlines: a recorded contract and its key dates reach the listing only', async () => {
    for (const ear of ears()) ear.heard.length = 0;
    const recorded = await agent.client.from('contracts').insert({ listing_id: listingId, form: 'trec-20-18', effective_date: '2026-07-01', option_days: 7 }).select('id').single();
    expect(recorded.error, 'the agent records a contract on their listing').toBeNull();
    const contractId = (recorded.data as { id: string }).id;
    const deadlines = await sql<{ id: string }>('select id::text from public.contract_deadlines where contract_id = $1', [contractId]);
    expect(deadlines.length, 'the contract brings key dates').toBeGreaterThan(0);
    await waitFor(
      () => [agentEar, coordinatorEar].every((ear) => heardOf(ear, 'contracts', contractId).length > 0 && deadlines.every((d) => heardOf(ear, 'contract_deadlines', d.id).length > 0)),
      'the contract and each key date to reach the listing people',
    );
    await sleep(QUIET_MS);
    for (const ear of [agentEar, coordinatorEar]) {
      expect(heardOf(ear, 'contracts', contractId)[0], 'the contract travels as {table, id, op, listing_id}').toEqual({ table: 'contracts', id: contractId, op: 'INSERT', listing_id: listingId });
      expect(heardOf(ear, 'contract_deadlines', deadlines[0].id)[0], 'a key date travels with its listing').toEqual({
        table: 'contract_deadlines',
        id: deadlines[0].id,
        op: 'INSERT',
        listing_id: listingId,
      });
    }
    expect(otherAgentEar.heard, 'an agent of another team hears nothing of the contract').toEqual([]);
    expect(otherCoordinatorEar.heard, 'a coordinator of another team hears nothing of the contract').toEqual([]);
  });

  it('a general team message reaches that team only, without a listing', async () => {
    for (const ear of ears()) ear.heard.length = 0;
    const id = await withDb((db) => insertRow(db, 'messages', { is_general: true, team_tc_id: otherCoordinator.id, sender_id: otherCoordinator.id, content: 'Team call at 9.' }));
    await waitFor(() => heardOf(otherAgentEar, 'messages', id).length > 0, 'the team message to reach the team agent');
    await sleep(QUIET_MS);
    expect(heardOf(otherAgentEar, 'messages', id), "the team's agent hears it, with no listing").toEqual([{ table: 'messages', id, op: 'INSERT', listing_id: null }]);
    expect(heardOf(otherCoordinatorEar, 'messages', id).length, "the team's coordinator hears it").toBe(1);
    expect(agentEar.heard.concat(coordinatorEar.heard), 'another team hears nothing of it').toEqual([]);
  });
});

describe('the readers the database tells are exactly those the read policies let select the row', () => {
  it('for rows of every live table across two teams, a hand-set coordinator, an unassigned agent and a super admin', async () => {
    const { tcA, tcB, agentA1, agentA2, agentB, loner, actors } = await createTwoTeams('Rule');
    const rows: { table: string; id: string }[] = [];
    const add = (table: string, id: string) => rows.push({ table, id });

    await withDb(async (db) => {
      const l1 = await insertRow(db, 'listings', { address: '1 Rule Row, Austin TX', agent_id: agentA1.id });
      // Agent B's listing with coordinator A set by hand: both coordinators are on it.
      const l2 = await insertRow(db, 'listings', { address: '2 Rule Row, Austin TX', agent_id: agentB.id });
      await db.query('update public.listings set tc_id = $2 where id = $1', [l2, tcA.id]);
      const l3 = await insertRow(db, 'listings', { address: '3 Rule Row, Austin TX', agent_id: loner.id });
      add('listings', l1);
      add('listings', l2);
      add('listings', l3);
      // A task of listing 1 assigned to another agent of the team: its assignee reads it, the listing's agent does not.
      add('tasks', await insertRow(db, 'tasks', { listing_id: l1, assigned_to_id: agentA2.id, created_by_id: tcA.id, title: 'Rule task 1' }));
      add('tasks', await insertRow(db, 'tasks', { listing_id: l2, assigned_to_id: agentB.id, created_by_id: tcA.id, title: 'Rule task 2' }));
      add('documents', await insertRow(db, 'documents', { listing_id: l1, file_name: 'r1.pdf', file_url: `listings/${l1}/r1.pdf`, uploaded_by: agentA1.id }));
      add('documents', await insertRow(db, 'documents', { is_general: true, team_tc_id: tcA.id, file_name: 'team.pdf', file_url: `teams/${tcA.id}/team.pdf`, uploaded_by: tcA.id }));
      add('notes', await insertRow(db, 'notes', { listing_id: l2, user_id: agentB.id, content: 'Rule note 2' }));
      add('notes', await insertRow(db, 'notes', { listing_id: l3, user_id: loner.id, content: 'Rule note 3' }));
      add('messages', await insertRow(db, 'messages', { listing_id: l1, sender_id: agentA1.id, content: 'Rule message 1' }));
      add('messages', await insertRow(db, 'messages', { is_general: true, team_tc_id: tcB.id, sender_id: tcB.id, content: 'Rule team message' }));
      add(
        'inbound_emails',
        await insertRow(db, 'inbound_emails', { listing_id: l2, message_id: `<${crypto.randomUUID()}@rule.test>`, recipient: `listing-${l2}@inbound.test`, sender: 'x@rule.test', subject: 'Rule mail', status: 'pending_review' }),
      );
      const contract = await agentB.client.from('contracts').insert({ listing_id: l2, form: 'trec-20-18', effective_date: '2026-07-01', option_days: 5 }).select('id').single();
      expect(contract.error, 'agent B records a contract on listing 2').toBeNull();
      add('contracts', (contract.data as { id: string }).id);
      const deadline = await db.query<{ id: string }>('select id::text from public.contract_deadlines where contract_id = $1 limit 1', [(contract.data as { id: string }).id]);
      add('contract_deadlines', deadline.rows[0].id);
    });

    // Every message the triggers wrote for these rows, whatever the operation (the hand-set coordinator's update included).
    for (const { table, id, heard, readers } of await toldAndReaders(actors, rows)) {
      expect(heard, `${table} ${id}: told exactly those who may select it`).toEqual(readers);
    }
  });
});

describe('losing access stops delivery at the next change', () => {
  it('an unassigned coordinator hears that the listing left them, then nothing more; the agent goes on hearing', async () => {
    const coordinator = await createActor('LiveLeavingCoord', 'tc');
    const agent = await createActor('LiveStayingAgent', 'agent', { assignedTcId: coordinator.id });
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: '9 Leaving Ln, Austin TX', agent_id: agent.id, tc_id: coordinator.id }));
    const [coordinatorEar, agentEar] = await Promise.all([listen(coordinator), listen(agent)]);
    try {
      expect((await coordinator.client.rpc('unassign_agent', { agent_id: agent.id })).error, 'the coordinator releases the agent').toBeNull();
      // The listing's insert, made before the join, may still arrive: only the update counts here.
      const updates = () => heardOf(coordinatorEar, 'listings', listingId).filter((c) => c.op === 'UPDATE');
      await waitFor(() => updates().length > 0, 'the listing update to reach the coordinator who lost it');
      expect(updates(), 'the readers of the old row hear the update that took it away').toEqual([
        { table: 'listings', id: listingId, op: 'UPDATE', listing_id: listingId },
      ]);
      expect(await coordinator.client.from('listings').select('id').eq('id', listingId), 'the refetch through RLS shows the listing is gone').toMatchObject({ data: [] });

      coordinatorEar.heard.length = 0;
      const noteId = await withDb((db) => insertRow(db, 'notes', { listing_id: listingId, user_id: agent.id, content: 'After the release.' }));
      await waitFor(() => heardOf(agentEar, 'notes', noteId).length > 0, 'the next note to reach the agent');
      await sleep(QUIET_MS);
      expect(coordinatorEar.heard, 'the released coordinator hears nothing of the next change').toEqual([]);
    } finally {
      await Promise.all([coordinator.client.removeAllChannels(), agent.client.removeAllChannels()]);
    }
  });

  it('an agent whose listing is handed to another agent stops hearing it; the new agent and coordinator hear it', async () => {
    const coordinator = await createActor('LiveHandCoord', 'tc');
    const [leaving, arriving] = await Promise.all([
      createActor('LiveLeavingAgent', 'agent', { assignedTcId: coordinator.id }),
      createActor('LiveArrivingAgent', 'agent', { assignedTcId: coordinator.id }),
    ]);
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: '11 Handover Rd, Austin TX', agent_id: leaving.id, tc_id: coordinator.id }));
    const [leavingEar, arrivingEar, coordinatorEar] = await Promise.all([listen(leaving), listen(arriving), listen(coordinator)]);
    try {
      await sql('update public.listings set agent_id = $2 where id = $1', [listingId, arriving.id]);
      await waitFor(
        () => [leavingEar, arrivingEar].every((ear) => heardOf(ear, 'listings', listingId).some((c) => c.op === 'UPDATE')),
        'the handover to reach the old and the new agent',
      );

      for (const ear of [leavingEar, arrivingEar, coordinatorEar]) ear.heard.length = 0;
      const messageId = await withDb((db) => insertRow(db, 'messages', { listing_id: listingId, sender_id: coordinator.id, content: 'Welcome aboard.' }));
      await waitFor(() => heardOf(arrivingEar, 'messages', messageId).length > 0 && heardOf(coordinatorEar, 'messages', messageId).length > 0, 'the next message to reach the new agent and the coordinator');
      await sleep(QUIET_MS);
      expect(leavingEar.heard, 'the agent who left the listing hears nothing of the next change').toEqual([]);
    } finally {
      await Promise.all([coordinator, leaving, arriving].map((a) => a.client.removeAllChannels()));
    }
  });

  it('a coordinator demoted to agent stops hearing the listings they coordinated', async () => {
    const coordinator = await createActor('LiveDemotedCoord', 'tc');
    const agent = await createActor('LiveKeptAgent', 'agent', { assignedTcId: coordinator.id });
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: '13 Demotion Dr, Austin TX', agent_id: agent.id, tc_id: coordinator.id }));
    const [coordinatorEar, agentEar] = await Promise.all([listen(coordinator), listen(agent)]);
    try {
      await sql(`update public.users set role = 'agent' where id = $1`, [coordinator.id]);
      const noteId = await withDb((db) => insertRow(db, 'notes', { listing_id: listingId, user_id: agent.id, content: 'After the demotion.' }));
      await waitFor(() => heardOf(agentEar, 'notes', noteId).length > 0, 'the note to reach the agent');
      await sleep(QUIET_MS);
      expect(heardOf(coordinatorEar, 'notes', noteId), 'a coordinator whose role is no longer tc hears nothing of the next change').toEqual([]);
    } finally {
      await Promise.all([coordinator.client.removeAllChannels(), agent.client.removeAllChannels()]);
    }
  });

  it("a deleted account's socket, still joined with a valid token, hears nothing more", async () => {
    const [coordinator, admin] = await Promise.all([createActor('LiveKeptCoord', 'tc'), createActor('LiveDeletingAdmin', 'super_admin')]);
    const agent = await createActor('LiveDeletedAgent', 'agent', { assignedTcId: coordinator.id });
    const listingId = await withDb((db) => insertRow(db, 'listings', { address: '15 Deleted Ave, Austin TX', agent_id: agent.id, tc_id: coordinator.id }));
    const [coordinatorEar, agentEar] = await Promise.all([listen(coordinator), listen(agent)]);
    try {
      expect((await admin.client.rpc('delete_user', { account_id: agent.id })).error, 'the super admin deletes the agent').toBeNull();
      const noteId = await withDb((db) => insertRow(db, 'notes', { listing_id: listingId, user_id: coordinator.id, content: 'After the deletion.' }));
      await waitFor(() => heardOf(coordinatorEar, 'notes', noteId).length > 0, 'the note to reach the coordinator');
      await sleep(QUIET_MS);
      expect(agentEar.channel.state, "the deleted agent's channel is still joined (its token has not expired)").toBe('joined');
      expect(heardOf(agentEar, 'notes', noteId), 'the deleted account hears nothing of the next change').toEqual([]);
    } finally {
      await Promise.all([coordinator, admin, agent].map((a) => a.client.removeAllChannels()));
    }
  });
});

describe('user topics are private', () => {
  let alice: Actor, bob: Actor;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([createActor('LiveAlice', 'agent'), createActor('LiveBob', 'agent')]);
  });

  afterAll(async () => {
    await Promise.all([alice.client.removeAllChannels(), bob.client.removeAllChannels()]);
  });

  it("refuses to let a user join another user's topic, as hosted Realtime does", async () => {
    await bob.client.realtime.setAuth();
    const intruder = bob.client.channel(`user:${alice.authId}`, { config: { private: true } });
    await expect(subscribed(intruder), "Bob may not join Alice's user topic").rejects.toThrow(/Unauthorized: You do not have permissions to read from this Channel topic/);
    await bob.client.removeChannel(intruder);
    const own = bob.client.channel(`user:${bob.authId}`, { config: { private: true } });
    await expect(subscribed(own), 'Bob may join his own user topic').resolves.toBeUndefined();
    await bob.client.removeChannel(own);
  });

  it('lets nobody send on a user topic from a client, its owner included', async () => {
    const ear = await listen(alice);
    for (const sender of [alice, bob]) {
      const token = (await sender.client.auth.getSession()).data.session?.access_token;
      const res = await fetch(`${stackInfo().apiUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: stackInfo().anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [{ topic: `user:${alice.authId}`, event: 'change', payload: { table: 'notes', id: crypto.randomUUID(), op: 'INSERT', listing_id: null }, private: true }],
        }),
      });
      expect(res.status, `${sender.key}'s broadcast is accepted and dropped, as hosted Realtime drops what the caller may not send`).toBe(202);
    }
    await sleep(QUIET_MS);
    expect(ear.heard, 'a change forged by a client, even by the topic owner, never reaches the topic').toEqual([]);
  });
});
