/**
 * The notifications centre's database side, through supabase-js as each
 * actor: every event a person should know about writes one notification to
 * the right people with an action_url that opens the right place, the actor
 * is never told of their own action, RLS keeps each inbox private (read, mark
 * read, delete), read_at is the server's, and the page reads in keyset pages
 * with an unread count served from an index.
 */
import crypto from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, withDb } from '../support/clients.ts';
import { sleep, subscribed, waitFor } from '../support/realtime.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

let admin: Actor, tc: Actor, otherTc: Actor, agent: Actor, otherAgent: Actor;
let listing: string;
const everyone = () => [admin, tc, otherTc, agent, otherAgent];

type Row = { user_id: string; type: string; title: string; action_url: string | null };

/** Every notification a source row caused, read past RLS: who got what. */
const caused = (sourceId: string) =>
  withDb(async (db) => (await db.query<Row>('select user_id, type, title, action_url from public.notifications where source_id = $1 order by title', [sourceId])).rows);

const recipients = (rows: Row[]) => rows.map((r) => r.user_id).sort();
const ids = (...actors: Actor[]) => actors.map((a) => a.id!).sort();

beforeAll(async () => {
  admin = await createActor('NotifAdmin', 'super_admin');
  tc = await createActor('NotifCoord', 'tc');
  otherTc = await createActor('NotifOtherCoord', 'tc');
  agent = await createActor('NotifAgent', 'agent', { assignedTcId: tc.id });
  otherAgent = await createActor('NotifOtherAgent', 'agent', { assignedTcId: otherTc.id });
  listing = await withDb((db) => insertRow(db, 'listings', { address: '12 Juniper Court, Austin TX', agent_id: agent.id, tc_id: tc.id }));
});

afterAll(async () => {
  await withDb(async (db) => {
    await db.query('delete from public.listings where id = $1', [listing]);
    await db.query('delete from public.notifications where user_id = any($1::uuid[])', [everyone().map((a) => a.id)]);
  });
});

async function newTask(title: string) {
  const created = await tc.client
    .from('tasks')
    .insert({ listing_id: listing, created_by_id: tc.id, assigned_to_id: agent.id, title, status: 'pending' })
    .select('id')
    .single();
  expect(created.error, 'the coordinator creates a task on their agent’s listing').toBeNull();
  return created.data!.id as string;
}

describe('events notify the right people, never the actor', () => {
  const tasksTab = () => `/listing/${listing}?tab=tasks`;

  it('task assigned: the agent, pointing at the listing’s Requirements tab', async () => {
    const task = await newTask('Upload the survey');
    const rows = await caused(task);
    expect(recipients(rows), 'only the assigned agent is notified of a new task').toEqual(ids(agent));
    expect(rows[0], 'a task notification opens the listing on its Requirements tab').toMatchObject({ type: 'task', title: 'New task: Upload the survey', action_url: tasksTab() });
  });

  it('task responded and resent: the coordinator, then the agent', async () => {
    const task = await newTask('Confirm the HOA fee');
    const answer = await agent.client.rpc('respond_to_task', { task_id: task, response: 'It is $120 a month.', mark_completed: false });
    expect(answer.error, 'the agent answers without completing').toBeNull();
    const resend = await tc.client.rpc('resend_task', { task_id: task });
    expect(resend.error, 'the coordinator resends the open, answered task').toBeNull();
    const rows = await caused(task);
    expect(rows.map((r) => [r.user_id, r.title, r.action_url]), 'new task and reminder go to the agent, the response to the coordinator, all on the Requirements tab').toEqual([
      [agent.id, 'New task: Confirm the HOA fee', tasksTab()],
      [agent.id, 'Reminder: Confirm the HOA fee', tasksTab()],
      [tc.id, 'Task response: Confirm the HOA fee', tasksTab()],
    ]);
  });

  it('task completed: the agent when the coordinator completes it; an agent’s answer-and-complete tells the coordinator once', async () => {
    const task = await newTask('Sign the disclosure');
    expect((await tc.client.rpc('set_task_completed', { task_id: task, completed: true })).error, 'the coordinator completes the task').toBeNull();
    const done = (await caused(task)).filter((r) => r.title.startsWith('Task completed'));
    expect(done.map((r) => [r.user_id, r.type, r.action_url]), 'the agent learns their task was completed; the coordinator who did it does not').toEqual([[agent.id, 'task', tasksTab()]]);

    const answered = await newTask('Send the keys');
    expect((await agent.client.rpc('respond_to_task', { task_id: answered, response: 'Left at the office.' })).error, 'the agent answers and completes').toBeNull();
    const rows = (await caused(answered)).filter((r) => r.user_id !== agent.id || !r.title.startsWith('New task'));
    expect(rows.map((r) => [r.user_id, r.title]), 'the coordinator gets the response only, the agent nothing for their own action').toEqual([[tc.id, 'Task response: Send the keys']]);
  });

  it('listing message: the other side, each with a link they can open', async () => {
    const fromAgent = await agent.client.from('messages').insert({ listing_id: listing, sender_id: agent.id, content: 'Seller is ready.' }).select('id').single();
    expect(recipients(await caused(fromAgent.data!.id)), 'the agent’s message notifies the coordinator only').toEqual(ids(tc));
    expect((await caused(fromAgent.data!.id))[0].action_url, 'the coordinator opens the listing’s Messages tab').toBe(`/listing/${listing}?tab=messages`);
    const fromTc = await tc.client.from('messages').insert({ listing_id: listing, sender_id: tc.id, content: 'Great, listing it Monday.' }).select('id').single();
    const rows = await caused(fromTc.data!.id);
    expect(recipients(rows), 'the coordinator’s message notifies the agent only').toEqual(ids(agent));
    expect(rows[0].action_url, 'the agent opens their own view of the listing').toBe(`/agent-listing/${listing}`);
  });

  it('coordinator response: the agent only', async () => {
    const sent = await tc.client
      .from('tc_responses')
      .insert({ listing_id: listing, tc_id: tc.id, agent_id: agent.id, response_type: 'note', content: 'Photos look great.' })
      .select('id')
      .single();
    expect(sent.error, 'the coordinator responds to the agent').toBeNull();
    expect(recipients(await caused(sent.data!.id)), 'only the agent is notified of a coordinator response').toEqual(ids(agent));
  });

  it('document uploaded to a listing: the other people on the listing', async () => {
    const byAgent = await agent.client
      .from('documents')
      .insert({ listing_id: listing, file_name: 'survey.pdf', file_url: `listings/${listing}/survey.pdf`, uploaded_by: agent.id })
      .select('id')
      .single();
    expect(byAgent.error, 'the agent uploads a document to their listing').toBeNull();
    const rows = await caused(byAgent.data!.id);
    expect(recipients(rows), 'the agent’s upload notifies the coordinator, not the agent').toEqual(ids(tc));
    expect(rows[0], 'a document notification opens the Documents tab').toMatchObject({ type: 'document', title: 'New document: survey.pdf', action_url: `/listing/${listing}?tab=documents` });

    const byAdmin = await admin.client
      .from('documents')
      .insert({ listing_id: listing, file_name: 'deed.pdf', file_url: `listings/${listing}/deed.pdf`, uploaded_by: admin.id })
      .select('id')
      .single();
    expect(byAdmin.error, 'a super admin uploads too').toBeNull();
    const adminRows = await caused(byAdmin.data!.id);
    expect(recipients(adminRows), 'an upload by someone else notifies both the agent and the coordinator').toEqual(ids(tc, agent));
    expect(adminRows.find((r) => r.user_id === agent.id)?.action_url, 'the agent opens their own view of the listing').toBe(`/agent-listing/${listing}`);
  });

  it('status change of one’s listing: the agent (and the coordinator when someone else changed it)', async () => {
    expect((await tc.client.rpc('set_listing_status', { listing_id: listing, new_status: 'ready' })).error, 'the coordinator sets the status').toBeNull();
    const first = await caused(listing);
    expect(first.map((r) => [r.user_id, r.type, r.title, r.action_url]), 'the agent is told; the coordinator who changed it is not').toEqual([
      [agent.id, 'alert', 'Listing status: Ready', `/agent-listing/${listing}`],
    ]);
    // Live, not under_contract: a listing goes under contract only with its contract (issue 52).
    expect((await admin.client.rpc('set_listing_status', { listing_id: listing, new_status: 'live' })).error, 'the super admin sets the status').toBeNull();
    const second = (await caused(listing)).filter((r) => r.title === 'Listing status: Live');
    expect(recipients(second), 'a change by the super admin tells the agent and the coordinator, not the admin').toEqual(ids(tc, agent));
    expect(second.find((r) => r.user_id === tc.id)?.action_url, 'the coordinator opens the listing workspace').toBe(`/listing/${listing}`);
  });

  it('invitation accepted: the inviter, not the invitee', async () => {
    const email = `notif-invitee-${crypto.randomUUID().slice(0, 8)}@rls.test`;
    const inv = await admin.client.from('invitations').insert({ email, role: 'agent', invited_by: admin.id }).select('id').single();
    expect(inv.error, 'the super admin invites').toBeNull();
    const signUp = await anonClient().auth.signUp({ email, password: `pw-${crypto.randomUUID()}`, options: { data: { invitation_id: inv.data!.id } } });
    expect(signUp.error, 'the invitee signs up with the invitation').toBeNull();
    const rows = await caused(inv.data!.id);
    expect(rows.map((r) => [r.user_id, r.type, r.title]), 'only the inviter is told').toEqual([[admin.id, 'alert', 'Invitation accepted']]);
  });

  it('a new notification reaches its owner live, and nobody else', async () => {
    const got: Record<string, string[]> = { agent: [], otherAgent: [] };
    const channels: [Actor, RealtimeChannel][] = [];
    for (const [key, actor] of [['agent', agent], ['otherAgent', otherAgent]] as const) {
      const channel = actor.client
        .channel(`notif-${key}-${crypto.randomUUID()}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications' }, (p) => got[key].push((p.new as Row).title));
      await subscribed(channel);
      channels.push([actor, channel]);
    }
    await newTask('Book the photographer');
    await waitFor(() => got.agent.includes('New task: Book the photographer'), 'the agent’s live notification');
    await sleep(300);
    expect(got.otherAgent, 'another agent receives nothing of it over Realtime').toEqual([]);
    await Promise.all(channels.map(([actor, channel]) => actor.client.removeChannel(channel)));
  });
});

describe('each inbox is private', () => {
  let mine: string;

  beforeAll(async () => {
    mine = await withDb((db) => insertRow(db, 'notifications', { user_id: agent.id, type: 'other', title: 'Private to the agent' }));
  });

  it('others cannot read, mark or delete it; the owner cannot rewrite it or write into another inbox', async () => {
    for (const other of [otherAgent, tc, otherTc]) {
      expect((await other.client.from('notifications').select('id').eq('id', mine)).data, `${other.key} cannot read another's notification`).toEqual([]);
      expect((await other.client.from('notifications').update({ is_read: true }).eq('id', mine).select('id')).data ?? [], `${other.key} cannot mark it read`).toEqual([]);
      expect((await other.client.from('notifications').delete().eq('id', mine).select('id')).data ?? [], `${other.key} cannot delete it`).toEqual([]);
    }
    expect((await admin.client.from('notifications').update({ is_read: true }).eq('id', mine).select('id')).data ?? [], 'not even a super admin marks another person’s notification read').toEqual([]);
    const rewrite = await agent.client.from('notifications').update({ title: 'Edited' }).eq('id', mine);
    expect(rewrite.error?.code, 'the owner cannot change what a notification says').toBe('42501');
    const forged = await agent.client.from('notifications').insert({ user_id: otherAgent.id, type: 'alert', title: 'Phish' });
    expect(forged.error?.code, 'nobody but a super admin writes into an inbox').toBe('42501');
    const row = await withDb(async (db) => (await db.query('select is_read, title from public.notifications where id = $1', [mine])).rows[0]);
    expect(row, 'the notification is untouched').toEqual({ is_read: false, title: 'Private to the agent' });
  });

  it('the owner marks it read (read_at is the server’s time, not the client’s) and deletes it', async () => {
    const forgedTime = '2001-01-01T00:00:00Z';
    const marked = await agent.client.from('notifications').update({ is_read: true, read_at: forgedTime }).eq('id', mine).select('is_read, read_at').single();
    expect(marked.data?.is_read, 'the owner marks their notification read').toBe(true);
    expect(Math.abs(Date.parse(marked.data!.read_at!) - Date.now()), 'read_at is stamped by the database').toBeLessThan(60_000);
    const unread = await agent.client.from('notifications').update({ is_read: false }).eq('id', mine).select('read_at').single();
    expect(unread.data?.read_at, 'marking unread clears read_at').toBeNull();
    const gone = await agent.client.from('notifications').delete().eq('id', mine).select('id');
    expect(gone.data, 'the owner deletes their notification').toEqual([{ id: mine }]);
  });

  it('mark all as read touches only the caller’s own inbox, even for a super admin', async () => {
    await withDb(async (db) => {
      for (const actor of [admin, agent]) await insertRow(db, 'notifications', { user_id: actor.id, type: 'other', title: 'Unread one' });
    });
    const all = await admin.client.rpc('mark_all_notifications_read');
    expect(all.error, 'a signed-in user marks all their notifications read').toBeNull();
    const left = await withDb(async (db) =>
      (await db.query<{ user_id: string }>("select user_id from public.notifications where not is_read and title = 'Unread one' and user_id = any($1::uuid[])", [[admin.id, agent.id]])).rows,
    );
    expect(left.map((r) => r.user_id), 'the admin’s are read, the agent’s still unread').toEqual([agent.id]);
    const adminUnread = await withDb(async (db) => (await db.query('select count(*)::int as n from public.notifications where not is_read and user_id = $1', [admin.id])).rows[0]);
    expect(adminUnread, 'every unread notification of the caller is read now').toEqual({ n: 0 });
    expect((await anonClient().rpc('mark_all_notifications_read')).error, 'anon cannot call it').not.toBeNull();
  });
});

describe('paging and counting', () => {
  let reader: Actor;

  beforeAll(async () => {
    reader = await createActor('NotifReader', 'agent');
    await withDb(async (db) => {
      // 2,000 old read rows spread over time, 45 unread in one statement (equal created_at: ties the keyset must break by id).
      await db.query(
        `insert into public.notifications (user_id, type, title, is_read, created_at)
         select $1, case when g % 2 = 0 then 'task' else 'message' end, 'Old ' || g, true, now() - g * interval '1 minute'
         from generate_series(1, 2000) g`,
        [reader.id],
      );
      await db.query(`insert into public.notifications (user_id, type, title) select $1, 'task', 'Fresh ' || g from generate_series(1, 45) g`, [reader.id]);
      await db.query('analyze public.notifications');
    });
  });

  afterAll(async () => {
    await withDb((db) => db.query('delete from public.users where id = $1', [reader.id]));
  });

  it('keyset pages on (created_at, id) return every row once, newest first', async () => {
    const seen: { id: string; created_at: string }[] = [];
    let cursor: { created_at: string; id: string } | null = null;
    for (let page = 0; page < 5; page += 1) {
      let query = reader.client.from('notifications').select('id, created_at').eq('user_id', reader.id!).eq('is_read', false);
      if (cursor) query = query.or(`created_at.lt.${cursor.created_at},and(created_at.eq.${cursor.created_at},id.lt.${cursor.id})`);
      const { data, error } = await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(20);
      expect(error, 'a page reads').toBeNull();
      if (!data?.length) break;
      seen.push(...data);
      cursor = data[data.length - 1];
    }
    expect(seen.length, 'all 45 unread rows come back across pages').toBe(45);
    expect(new Set(seen.map((r) => r.id)).size, 'no row is repeated across pages despite equal timestamps').toBe(45);
  });

  it('the unread count and a page are served from indexes, without sorting the inbox', async () => {
    const count = await reader.client.from('notifications').select('id', { count: 'exact', head: true }).eq('user_id', reader.id!).eq('is_read', false);
    expect(count.count, 'one head request counts the unread rows').toBe(45);
    const plans = await withDb(async (db) => {
      await db.query('set enable_seqscan = off');
      const explain = async (sql: string) => JSON.stringify((await db.query(`explain (format json) ${sql}`, [reader.id])).rows[0]);
      return {
        // As a signed-in request runs it: a generic plan, the user a parameter, the flag
        // in the SQL text (the app sends is_read=is.false; as a parameter, a generic plan
        // cannot tell the unread rows from the whole inbox and may read either index).
        count: JSON.stringify((await db.query('explain (generic_plan, format json) select count(*) from public.notifications where user_id = $1 and is_read is false')).rows[0]),
        page: await explain('select id from public.notifications where user_id = $1 order by created_at desc, id desc limit 20'),
        tab: await explain("select id from public.notifications where user_id = $1 and type = 'task' order by created_at desc, id desc limit 20"),
      };
    });
    expect(plans.count, 'the unread count reads (user_id, is_read) on an index, also on a generic plan').toMatch(/"Index Name":"notifications_user_id_is_read_created_at_idx"/);
    for (const [name, plan] of Object.entries({ page: plans.page, tab: plans.tab })) {
      expect(plan, `the ${name} query reads an index in order`).toMatch(/"Node Type":"Index (Only )?Scan"/);
      expect(plan, `the ${name} query needs no sort step`).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
    }
  });
});
