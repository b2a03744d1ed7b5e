/**
 * Live updates by Broadcast from the database (issue 54) for the screens
 * beyond the listing's: notifications, activity, coordinator responses, the
 * compliance checklist, team chat messages and channel members, and agent
 * assignments (tests/integration/coordinator-workspace.test.ts). Through the
 * HTTP stack with unmodified supabase-js: the readers the triggers tell are
 * exactly those the read policies let select each row, another team hears
 * nothing, and a member removed from a chat channel hears the removal, then
 * nothing of the channel's next message.
 */
import { describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { sleep, waitFor } from '../support/realtime.ts';
import { createTwoTeams, heardOf, listen, QUIET_MS, toldAndReaders } from '../support/live-changes.ts';
import { createActor, insertRow } from '../support/seed-rls-actors.ts';

describe('the readers the database tells of the other screens\' tables are exactly those the read policies let select the row', () => {
  it('notifications, activity, responses, checklist items, team chat messages and channel members across two teams', async () => {
    const { tcA, tcB, agentA1, agentA2, agentB, loner, actors } = await createTwoTeams('Screens');
    const rows: { table: string; id: string }[] = [];
    const add = (table: string, id: string) => rows.push({ table, id });

    await withDb(async (db) => {
      const l1 = await insertRow(db, 'listings', { address: '1 Screens Row, Austin TX', agent_id: agentA1.id });
      // Agent B's listing with coordinator A set by hand: both coordinators are on it.
      const l2 = await insertRow(db, 'listings', { address: '2 Screens Row, Austin TX', agent_id: agentB.id });
      await db.query('update public.listings set tc_id = $2 where id = $1', [l2, tcA.id]);
      add('notifications', await insertRow(db, 'notifications', { user_id: agentA1.id, type: 'message', title: 'Screens notice', content: 'For A1 only.' }));
      add('notifications', await insertRow(db, 'notifications', { user_id: tcB.id, type: 'task', title: 'Screens notice B', content: 'For B only.' }));
      // Agent A2's activity on listing 2: A2's coordinator (A) reads it, and so do listing 2's coordinators (A by hand, B by its agent).
      add('activity_log', await insertRow(db, 'activity_log', { user_id: agentA2.id, listing_id: l2, action: 'screens_test' }));
      add('activity_log', await insertRow(db, 'activity_log', { user_id: loner.id, listing_id: l1, action: 'screens_test' }));
      add('tc_responses', await insertRow(db, 'tc_responses', { listing_id: l1, tc_id: tcA.id, agent_id: agentA1.id, response_type: 'note', content: 'Screens response' }));
      add('listing_checklist_items', await insertRow(db, 'listing_checklist_items', { listing_id: l2, kind: 'task', title: 'Screens checklist item' }));
      add('listing_checklist_items', await insertRow(db, 'listing_checklist_items', { listing_id: l1, kind: 'task', title: 'Screens checklist item 1' }));
      add('tc_team_messages', await insertRow(db, 'tc_team_messages', { sender_id: tcA.id, content: 'Screens general message' }));
      const channel = await insertRow(db, 'tc_channels', { name: 'Screens channel', created_by_id: tcA.id });
      add('tc_channel_members', await insertRow(db, 'tc_channel_members', { channel_id: channel, tc_id: agentA2.id }));
      add('tc_team_messages', await insertRow(db, 'tc_team_messages', { channel_id: channel, sender_id: tcA.id, content: 'Screens channel message' }));
    });

    for (const { table, id, heard, readers } of await toldAndReaders(actors, rows)) {
      expect(readers.length, `${table} ${id}: someone besides the super admin reads it (the case is not empty)`).toBeGreaterThan(1);
      expect(heard, `${table} ${id}: told exactly those who may select it`).toEqual(readers);
    }
  });
});

describe('what the screens hear, and what another team does not', () => {
  it('a notification reaches its recipient only; a general chat message reaches coordinators, not agents', async () => {
    const [tcA, tcB] = await Promise.all([createActor('HearTcA', 'tc'), createActor('HearTcB', 'tc')]);
    const [agentA, agentB] = await Promise.all([createActor('HearAgentA', 'agent', { assignedTcId: tcA.id }), createActor('HearAgentB', 'agent', { assignedTcId: tcB.id })]);
    const [tcAEar, tcBEar, agentAEar, agentBEar] = await Promise.all([tcA, tcB, agentA, agentB].map(listen));
    try {
      const noticeId = await withDb((db) => insertRow(db, 'notifications', { user_id: agentA.id, type: 'message', title: 'Hear notice', content: 'Hello' }));
      await waitFor(() => heardOf(agentAEar, 'notifications', noticeId).length > 0, 'the notification to reach its recipient');
      await sleep(QUIET_MS);
      expect(heardOf(agentAEar, 'notifications', noticeId), 'the recipient hears it once, as {table, id, op, listing_id}').toEqual([
        { table: 'notifications', id: noticeId, op: 'INSERT', listing_id: null },
      ]);
      for (const ear of [tcAEar, tcBEar, agentBEar]) expect(heardOf(ear, 'notifications', noticeId), "nobody else hears another's notification, their coordinator included").toEqual([]);

      const messageId = await withDb((db) => insertRow(db, 'tc_team_messages', { sender_id: tcA.id, content: 'Hear general' }));
      await waitFor(() => [tcAEar, tcBEar].every((ear) => heardOf(ear, 'tc_team_messages', messageId).length > 0), 'the general message to reach every coordinator');
      await sleep(QUIET_MS);
      for (const ear of [agentAEar, agentBEar]) expect(heardOf(ear, 'tc_team_messages', messageId), 'agents hear nothing of the coordinators\' chat').toEqual([]);
    } finally {
      await Promise.all([tcA, tcB, agentA, agentB].map((a) => a.client.removeAllChannels()));
    }
  });

  it('a member removed from a chat channel hears the removal, then nothing of its next message; the others go on hearing', async () => {
    const [owner, member, outsider] = await Promise.all([createActor('ChatOwner', 'tc'), createActor('ChatMember', 'tc'), createActor('ChatOutsider', 'tc')]);
    const channelId = await withDb((db) => insertRow(db, 'tc_channels', { name: 'Removal channel', created_by_id: owner.id }));
    const membershipId = await withDb((db) => insertRow(db, 'tc_channel_members', { channel_id: channelId, tc_id: member.id }));
    const [ownerEar, memberEar, outsiderEar] = await Promise.all([owner, member, outsider].map(listen));
    try {
      const first = await withDb((db) => insertRow(db, 'tc_team_messages', { channel_id: channelId, sender_id: owner.id, content: 'Before the removal' }));
      await waitFor(() => [ownerEar, memberEar].every((ear) => heardOf(ear, 'tc_team_messages', first).length > 0), 'the message to reach both members');

      expect((await owner.client.from('tc_channel_members').delete().eq('id', membershipId)).error, 'the channel owner removes the member').toBeNull();
      await waitFor(() => heardOf(memberEar, 'tc_channel_members', membershipId).length > 0, 'the removal to reach the removed member');
      expect(heardOf(memberEar, 'tc_channel_members', membershipId), 'the removed member learns the channel left their list').toEqual([
        { table: 'tc_channel_members', id: membershipId, op: 'DELETE', listing_id: null },
      ]);

      for (const ear of [ownerEar, memberEar, outsiderEar]) ear.heard.length = 0;
      const next = await withDb((db) => insertRow(db, 'tc_team_messages', { channel_id: channelId, sender_id: owner.id, content: 'After the removal' }));
      await waitFor(() => heardOf(ownerEar, 'tc_team_messages', next).length > 0, 'the next message to reach the owner');
      await sleep(QUIET_MS);
      expect(memberEar.heard, 'the removed member hears nothing of the next message').toEqual([]);
      expect(outsiderEar.heard, 'a coordinator outside the channel hears nothing of it').toEqual([]);
    } finally {
      await Promise.all([owner, member, outsider].map((a) => a.client.removeAllChannels()));
    }
  });
});
