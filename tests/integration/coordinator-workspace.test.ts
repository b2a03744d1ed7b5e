/**
 * The coordinator workspace's database interfaces, through the HTTP stack with
 * the seed's demo sign-ins: the agent grid view (agent_overview), who may read
 * an agent's full profile and who lists available agents (available_agents),
 * live assignment changes on coordinators' user topics, coordinator
 * responses notifying the agent (and reaching them over Realtime), and
 * coordinators creating listings for their own agents only.
 */
import crypto from 'node:crypto';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { sleep, subscribed, waitFor } from '../support/realtime.ts';

/** Fixed account and listing ids of supabase/seed.sql. */
const ID = {
  admin: 'a0000000-0000-4000-8000-000000000001',
  olivia: 'a0000000-0000-4000-8000-000000000003',
  david: 'a0000000-0000-4000-8000-000000000004',
  marcus: 'a0000000-0000-4000-8000-000000000005',
  emily: 'a0000000-0000-4000-8000-000000000006',
  sarah: 'a0000000-0000-4000-8000-000000000007',
  james: 'a0000000-0000-4000-8000-000000000008',
  priya: 'a0000000-0000-4000-8000-000000000009',
  oliviaTest: 'a0000000-0000-4000-8000-000000000010',
  bartonHills: '10000000-0000-4000-8000-000000000001',
} as const;

type Card = { id: string; first_name: string; is_test_profile: boolean; listing_count: number; task_count: number; open_task_count: number };
const GRID = 'id, first_name, is_test_profile, listing_count, task_count, open_task_count';

describe('coordinator workspace', () => {
  let olivia: TestUser;
  let david: TestUser;
  let marcus: TestUser;
  let emily: TestUser;
  let admin: TestUser;
  const channels: [TestUser, RealtimeChannel][] = [];
  const createdListings: string[] = [];

  beforeAll(async () => {
    [olivia, david, marcus, emily, admin] = await Promise.all(
      ['olivia.chen', 'david.kim', 'marcus.johnson', 'emily.rodriguez', 'admin'].map((name) => demoUser(`${name}@listingdesk.test`)),
    );
  });

  afterAll(async () => {
    await Promise.all(channels.map(([user, channel]) => user.client.removeChannel(channel)));
    await withDb(async (db) => {
      await db.query('delete from public.listings where id = any($1::uuid[])', [createdListings]);
      await db.query('update public.users set assigned_tc_id = null where id = $1', [ID.priya]);
    });
  });

  it('agent_overview gives each coordinator their agent cards with hand-counted seed figures in one request', async () => {
    // Other test files on this shared stack add listings for the seed's agents (api-listings.test.ts, admin-counts.test.ts:
    // Marcus) and remove them when they end: a card's listing count is checked against the agent's listings in the table
    // at that moment (read until the view and the table agree), the other figures against the hand count.
    const readGrid = () => olivia.client.from('agent_overview').select(GRID).eq('assigned_tc_id', ID.olivia).order('first_name');
    const listingsNow = () =>
      withDb(async (db) => {
        const rows = (await db.query<{ agent_id: string; n: number }>('select agent_id, count(*)::int as n from public.listings where agent_id = any($1::uuid[]) group by agent_id', [[ID.emily, ID.marcus, ID.oliviaTest]])).rows;
        return new Map(rows.map((row) => [row.agent_id, row.n]));
      });
    const seedGrid = (extra: Map<string, number>): Card[] => [
      { id: ID.emily, first_name: 'Emily', is_test_profile: false, listing_count: extra.get(ID.emily) ?? 0, task_count: 1, open_task_count: 0 },
      { id: ID.marcus, first_name: 'Marcus', is_test_profile: false, listing_count: extra.get(ID.marcus) ?? 0, task_count: 3, open_task_count: 3 },
      { id: ID.oliviaTest, first_name: 'Olivia', is_test_profile: true, listing_count: extra.get(ID.oliviaTest) ?? 0, task_count: 0, open_task_count: 0 },
    ];
    let counts = await listingsNow();
    let mine = await readGrid();
    for (const deadline = Date.now() + 10_000; JSON.stringify(mine.data) !== JSON.stringify(seedGrid(counts)) && Date.now() < deadline; ) {
      await sleep(100);
      counts = await listingsNow();
      mine = await readGrid();
    }
    expect(mine.error, 'a coordinator reads the agent grid').toBeNull();
    expect(mine.data, "Olivia's grid: Emily (1 completed task), Marcus (3 open tasks), her test profile; each agent's listings as the table holds them").toEqual(seedGrid(counts));

    const his = await david.client.from('agent_overview').select(GRID).eq('assigned_tc_id', ID.david).order('first_name');
    expect(his.data, "David's grid: James (2 listings, one under contract; 1 open task), Sarah (2 listings, 1 open task)").toEqual([
      { id: ID.james, first_name: 'James', is_test_profile: false, listing_count: 2, task_count: 1, open_task_count: 1 },
      { id: ID.sarah, first_name: 'Sarah', is_test_profile: false, listing_count: 2, task_count: 1, open_task_count: 1 },
    ] satisfies Card[]);
  });

  it("a coordinator sees neither another coordinator's agents and counts nor an unassigned agent's full profile", async () => {
    const foreign = await olivia.client.from('agent_overview').select(GRID).eq('assigned_tc_id', ID.david);
    expect(foreign.data, "Olivia gets no card (and so no counts) of David's agents").toEqual([]);
    const everything = await olivia.client.from('agent_overview').select('id');
    expect(everything.data?.map((c) => c.id).sort(), 'without a filter Olivia still sees only her own agents').toEqual([ID.marcus, ID.emily, ID.oliviaTest].sort());

    const priyaProfile = await david.client.from('users').select('id, phone, license_number, brokerage, mls_system, mls_username').eq('id', ID.priya);
    expect(priyaProfile.data, "a coordinator cannot read an unassigned agent's full profile").toEqual([]);
    const sarahProfile = await olivia.client.from('users').select('id').eq('id', ID.sarah);
    expect(sarahProfile.data, "a coordinator cannot read another coordinator's agent").toEqual([]);
    const ownAgent = await olivia.client.from('users').select('id, license_number').eq('id', ID.marcus).single();
    expect(ownAgent.data?.license_number, "the agent's coordinator reads the full profile").toMatch(/^TX-/);
    const adminView = await admin.client.from('users').select('license_number').eq('id', ID.priya).single();
    expect(adminView.data?.license_number, 'the super admin reads every profile').toMatch(/^TX-/);
    const otherTc = await david.client.from('users').select('id').eq('id', ID.olivia);
    expect(otherTc.data, 'coordinators still read each other (team chat)').toEqual([{ id: ID.olivia }]);
  });

  it('available_agents lists unassigned agents with name, e-mail and avatar only, to coordinators and super admins', async () => {
    const listed = await david.client.rpc('available_agents').order('first_name');
    expect(listed.error, 'a coordinator lists available agents').toBeNull();
    const priya = (listed.data as Record<string, unknown>[]).find((a) => a.id === ID.priya);
    expect(priya, 'the unassigned agent is listed').toBeDefined();
    expect(Object.keys(priya!).sort(), 'only name, e-mail, avatar, dates and their search text leave the function').toEqual(
      ['created_at', 'email', 'first_name', 'id', 'last_name', 'profile_image_url', 'search_text'].sort(),
    );
    expect(priya!.search_text, 'the search text is the name and e-mail, nothing more').toBe('priya patel priya.patel@listingdesk.test');
    expect((listed.data as { id: string }[]).map((a) => a.id), 'assigned agents are not available').not.toContain(ID.sarah);
    expect((await admin.client.rpc('available_agents')).error, 'the super admin lists available agents').toBeNull();
    const byAgent = await marcus.client.rpc('available_agents');
    expect([byAgent.status, byAgent.error?.code], 'an agent is refused with 403 / 42501').toEqual([403, '42501']);
  });

  it("assign and unassign are told to every coordinator's and super admin's user topic, not to agents", async () => {
    const received = new Map<string, Record<string, unknown>[]>();
    for (const user of [olivia, david, admin, marcus]) {
      const got: Record<string, unknown>[] = [];
      received.set(user.email, got);
      await user.client.realtime.setAuth();
      const channel = user.client
        .channel(`user:${user.id}`, { config: { private: true } })
        .on('broadcast', { event: 'change' }, (m) => {
          if ((m.payload as { table?: string }).table === 'agent_assignments') got.push(m.payload as Record<string, unknown>);
        });
      channels.push([user, channel]);
      await subscribed(channel);
    }
    const told = { table: 'agent_assignments', id: ID.priya, op: 'UPDATE', listing_id: null };

    expect((await david.client.rpc('assign_agent', { agent_id: ID.priya })).error, 'David assigns Priya to himself').toBeNull();
    const oliviaGot = received.get(olivia.email)!;
    await waitFor(() => oliviaGot.length >= 1, 'the assignment to reach Olivia');
    expect(oliviaGot[0], 'another coordinator learns that Priya changed hands (and refetches her lists)').toEqual(told);

    expect((await david.client.rpc('unassign_agent', { agent_id: ID.priya })).error, 'David releases Priya').toBeNull();
    await waitFor(() => oliviaGot.length >= 2 && received.get(david.email)!.length >= 2 && received.get(admin.email)!.length >= 2, 'the unassignment to reach the coordinators');
    expect(received.get(admin.email), 'the super admin hears both changes').toEqual([told, told]);
    await sleep(300);
    expect(received.get(marcus.email), 'an agent hears nothing of assignments').toEqual([]);
  });

  it("a coordinator's response notifies the listing's agent and reaches them over Realtime", async () => {
    const seen = new Map<string, unknown[]>();
    for (const user of [marcus, emily]) {
      const got: unknown[] = [];
      seen.set(user.email, got);
      const channel = user.client
        .channel(`responses-${crypto.randomUUID()}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tc_responses' }, (p) => got.push(p.new));
      channels.push([user, channel]);
      await subscribed(channel);
    }
    const content = `Please upload the survey ${crypto.randomUUID().slice(0, 6)}`;
    const sent = await olivia.client
      .from('tc_responses')
      .insert({ listing_id: ID.bartonHills, tc_id: ID.olivia, agent_id: ID.marcus, response_type: 'note', content })
      .select('id')
      .single();
    expect(sent.error, "the listing's coordinator responds to its agent").toBeNull();

    const inbox = await marcus.client.from('notifications').select('type, title, content, action_url').eq('source_id', sent.data!.id);
    expect(inbox.data, 'the agent is notified with a link to their listing').toEqual([
      { type: 'message', title: 'New response from your coordinator', content, action_url: `/agent-listing/${ID.bartonHills}` },
    ]);
    const own = await withDb((db) => db.query('select user_id from public.notifications where source_id = $1', [sent.data!.id]));
    expect(own.rows.map((r: { user_id: string }) => r.user_id), 'the coordinator is not notified of their own response').toEqual([ID.marcus]);

    const marcusGot = seen.get(marcus.email)!;
    await waitFor(() => marcusGot.length > 0, 'tc_responses insert over Realtime');
    await sleep(300);
    expect(marcusGot, 'the agent receives the response row live').toMatchObject([{ id: sent.data!.id, content }]);
    expect(seen.get(emily.email), "another agent does not receive it (the subscriber's select policy applies)").toEqual([]);
  });

  it("a coordinator creates a listing for their own agent (tc_id derived, incomplete) and is refused for another coordinator's agent", async () => {
    const made = await olivia.client
      .from('listings')
      .insert({ address: '12 Coordinator Way, Austin, TX 78704', agent_id: ID.marcus })
      .select('id, agent_id, tc_id, status')
      .single();
    expect(made.error, 'Olivia creates a listing for Marcus').toBeNull();
    createdListings.push(made.data!.id);
    expect(made.data, 'the listing belongs to the agent, is coordinated by Olivia and starts incomplete').toMatchObject({ agent_id: ID.marcus, tc_id: ID.olivia, status: 'incomplete' });

    const foreign = await olivia.client.from('listings').insert({ address: '13 Not Mine St, Austin, TX 78704', agent_id: ID.sarah });
    expect([foreign.status, foreign.error?.code], "a listing for David's agent is refused with 403 / 42501").toEqual([403, '42501']);
    expect(foreign.error?.message, 'the refusal says what is allowed, for the app to show').toMatch(/only for yourself, or as a coordinator for your assigned agents/);
    const unassigned = await olivia.client.from('listings').insert({ address: '14 Free Agent Rd, Austin, TX 78704', agent_id: ID.priya });
    expect(unassigned.error?.code, 'a listing for an unassigned agent is refused').toBe('42501');
    const live = await olivia.client.from('listings').insert({ address: '15 Shortcut Ln, Austin, TX 78704', agent_id: ID.marcus, status: 'live' });
    expect(live.error?.code, 'a coordinator cannot skip the incomplete start').toBe('42501');

    const byAdmin = await admin.client.from('listings').insert({ address: '16 Admin Ave, Austin, TX 78704', agent_id: ID.sarah }).select('id, tc_id').single();
    expect(byAdmin.error, 'the super admin creates a listing for any agent').toBeNull();
    createdListings.push(byAdmin.data!.id);
    expect(byAdmin.data?.tc_id, "the super admin's listing is coordinated by the agent's coordinator").toBe(ID.david);
    const stray = await withDb((db) => db.query("select count(*)::int as n from public.listings where address in ('13 Not Mine St, Austin, TX 78704', '14 Free Agent Rd, Austin, TX 78704', '15 Shortcut Ln, Austin, TX 78704')"));
    expect(stray.rows[0].n, 'no refused listing was stored').toBe(0);
  });
});
