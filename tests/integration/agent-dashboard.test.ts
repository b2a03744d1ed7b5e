/**
 * The agent dashboard's database interfaces through the HTTP stack, with fresh
 * users (a coordinator, two of their agents, an outsider coordinator):
 * listing_stats() counts by status in one request for the agent, their
 * coordinator and a super admin, never counts another agent's listings, and
 * refuses with 4xx; the listings come with their unread-task counts in the same
 * request (embedded count) and the banner's count in one more; and a
 * coordinator's response reaches the agent on the listing and as a notification.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, demoUser, serviceClient, withDb, type TestUser } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

type Stats = { total: number; incomplete: number; ready: number; live: number; under_contract: number; closed: number };
type Status = keyof Omit<Stats, 'total'>;

/** The dashboard's card query: the listing and how many of its tasks the agent has not read. */
const CARD = 'id, address, status, unread_tasks:tasks(count)';

describe('agent dashboard', () => {
  let tc: Actor;
  let otherTc: Actor;
  let agent: Actor;
  let teammate: Actor;
  let admin: TestUser;
  /** The agent's listings, oldest first, by status. */
  const listings: { id: string; status: Status }[] = [];

  beforeAll(async () => {
    tc = await createActor('DashTc', 'tc');
    otherTc = await createActor('DashOtherTc', 'tc');
    [agent, teammate] = await Promise.all([
      createActor('DashAgent', 'agent', { assignedTcId: tc.id }),
      createActor('DashTeammate', 'agent', { assignedTcId: tc.id }),
    ]);
    admin = await demoUser('admin@listingdesk.test');
    const statuses: Status[] = ['incomplete', 'incomplete', 'incomplete', 'ready', 'ready', 'live', 'under_contract'];
    await withDb(async (db) => {
      for (const [i, status] of statuses.entries()) {
        const id = crypto.randomUUID();
        await db.query(
          `insert into public.listings (id, agent_id, tc_id, address, status, created_at) values ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))`,
          [id, agent.id, tc.id, `${i + 1} Dashboard Way`, status, statuses.length - i],
        );
        listings.push({ id, status });
      }
      // The teammate's listings must never show up in the agent's counts.
      await db.query(
        `insert into public.listings (agent_id, tc_id, address, status) values ($1, $2, '1 Teammate Rd', 'ready'), ($1, $2, '2 Teammate Rd', 'live')`,
        [teammate.id, tc.id],
      );
    });
  });

  afterAll(async () => {
    await withDb((db) => db.query('delete from public.listings where agent_id = any($1::uuid[])', [[agent.id, teammate.id]]));
  });

  /** listing_stats() answers one (status, n) row per status (issue 52); the counts are compared as one object with their total. */
  const rows = (actor: { client: Actor['client'] }, agentId?: string | null) =>
    actor.client.rpc('listing_stats', agentId === undefined ? {} : { agent_id: agentId }) as unknown as Promise<{ data: { status: string; n: number }[] | null; error: { message: string } | null; status: number }>;
  const stats = async (actor: { client: Actor['client'] }, agentId?: string | null) => {
    const answer = await rows(actor, agentId);
    const data = answer.data && ({ total: answer.data.reduce((sum, row) => sum + row.n, 0), ...Object.fromEntries(answer.data.map((row) => [row.status, row.n])) } as Stats);
    return { ...answer, data };
  };

  it('listing_stats counts one agent\'s listings by status for the agent, their coordinator and a super admin', async () => {
    const expected: Stats = { total: 7, incomplete: 3, ready: 2, live: 1, under_contract: 1, closed: 0 };
    const own = await stats(agent, agent.id);
    expect(own.error, 'the agent may ask for their own counts').toBeNull();
    expect(own.data, 'the agent\'s counts are their 7 listings by status (the teammate\'s 2 are not counted)').toEqual(expected);
    expect((await rows(agent, agent.id)).data, 'one row per status of listing_statuses, in its order, zero included').toEqual([
      { status: 'incomplete', n: 3 },
      { status: 'ready', n: 2 },
      { status: 'live', n: 1 },
      { status: 'under_contract', n: 1 },
      { status: 'closed', n: 0 },
    ]);
    expect((await stats(tc, agent.id)).data, 'the coordinator gets the same counts for their agent').toEqual(expected);
    expect((await stats(admin, agent.id)).data, 'a super admin gets the same counts for any agent').toEqual(expected);
    expect((await stats(agent)).data, 'without agent_id the agent gets the counts of what they may read: only their own listings').toEqual(expected);
    expect((await stats(tc, teammate.id)).data, 'the coordinator\'s count for the teammate is the teammate\'s listings only').toEqual({
      total: 2,
      incomplete: 0,
      ready: 1,
      live: 1,
      under_contract: 0,
      closed: 0,
    });
  });

  it('listing_stats without agent_id counts every listing the coordinator may read, once, and nothing for another team', async () => {
    const team: Stats = { total: 9, incomplete: 3, ready: 3, live: 2, under_contract: 1, closed: 0 };
    expect((await stats(tc)).data, 'the coordinator: both agents\' 9 listings (each is theirs by agent and by tc_id, counted once)').toEqual(team);
    const readable = (await tc.client.from('listings').select('status').in('agent_id', [agent.id, teammate.id])).data!;
    expect(readable.length, 'the same listings RLS shows the coordinator').toBe(team.total);
    expect((await stats(otherTc)).data, 'another coordinator counts none of them').toEqual({ total: 0, incomplete: 0, ready: 0, live: 0, under_contract: 0, closed: 0 });
    const server = await stats({ client: serviceClient() });
    expect(server.error, 'server code (service role, no caller) may call it too: it counts nobody\'s listings').toBeNull();
    expect(server.data?.total).toBe(0);
  });

  it('listing_stats refuses other people\'s counts and bad input with 4xx, never 500', async () => {
    const teammates = await stats(agent, teammate.id);
    expect(teammates.status, 'an agent may not see a teammate\'s counts (403)').toBe(403);
    expect(teammates.error?.message, 'the refusal says who may ask').toMatch(/only the agent, their coordinator or a super admin/);
    expect((await stats(otherTc, agent.id)).status, 'another coordinator may not see the agent\'s counts (403)').toBe(403);
    expect((await stats(agent, crypto.randomUUID())).status, 'an unknown agent id is 404').toBe(404);
    const badId = await agent.client.rpc('listing_stats', { agent_id: 'not-a-uuid' });
    expect(badId.status, 'a malformed id is bad input (400)').toBe(400);
    const anon = await anonClient().rpc('listing_stats', { agent_id: agent.id });
    expect(anon.status, 'signed out, the function is not callable (401)').toBe(401);
  });

  it('the listings come with their unread-task counts in the same request, and the banner count in one more', async () => {
    const [first, second, third] = listings.slice(-3).reverse(); // the three newest
    // Coordinator creates tasks the way the dashboard does (as themselves, for the listing's agent).
    const created = await tc.client
      .from('tasks')
      .insert([
        { listing_id: first.id, assigned_to_id: agent.id, created_by_id: tc.id, title: 'Seller disclosure' },
        { listing_id: first.id, assigned_to_id: agent.id, created_by_id: tc.id, title: 'HOA documents' },
        { listing_id: second.id, assigned_to_id: agent.id, created_by_id: tc.id, title: 'Floor plan' },
        { listing_id: third.id, assigned_to_id: agent.id, created_by_id: tc.id, title: 'Already read' },
      ])
      .select('id, title');
    expect(created.error, 'the coordinator creates tasks for their agent').toBeNull();
    const readOne = created.data!.find((t) => t.title === 'Already read')!;
    expect((await agent.client.rpc('mark_task_read', { task_id: readOne.id })).error, 'the agent reads one task').toBeNull();

    const cards = (who: Actor) =>
      who.client
        .from('listings')
        .select(CARD, { count: 'exact' })
        .eq('agent_id', agent.id)
        .eq('unread_tasks.assigned_to_id', agent.id)
        .eq('unread_tasks.is_read_by_agent', false)
        .order('created_at', { ascending: false })
        .order('id')
        .range(0, 4);
    const page = await cards(agent);
    expect(page.error, 'the embedded, filtered count is allowed with aggregates off').toBeNull();
    expect(page.count, 'the same answer carries the total number of the agent\'s listings').toBe(7);
    const unreadById = Object.fromEntries((page.data ?? []).map((l) => [l.id, (l.unread_tasks as { count: number }[])[0]?.count]));
    expect(unreadById, 'Recent Listings: the 5 newest, each with its unread tasks (2, 1, 0 read, 0, 0)').toEqual({
      [first.id]: 2,
      [second.id]: 1,
      [third.id]: 0,
      [listings[3].id]: 0,
      [listings[2].id]: 0,
    });
    const seenByTc = await cards(tc);
    expect(seenByTc.data?.map((l) => (l.unread_tasks as { count: number }[])[0]?.count), 'the coordinator reads the same badges for their agent').toEqual([
      2, 1, 0, 0, 0,
    ]);

    const banner = () => agent.client.from('tasks').select('id', { count: 'exact', head: true }).eq('assigned_to_id', agent.id).eq('is_read_by_agent', false);
    expect((await banner()).count, 'the banner counts the agent\'s 3 unread tasks').toBe(3);
    await agent.client.rpc('mark_task_read', { task_id: created.data!.find((t) => t.title === 'Floor plan')!.id });
    expect((await banner()).count, 'opening a task lowers the banner count').toBe(2);
    const after = await cards(agent);
    expect(after.data?.find((l) => l.id === second.id)?.unread_tasks, 'and clears that listing\'s badge').toEqual([{ count: 0 }]);

    const teammates = await teammate.client.from('tasks').select('id', { count: 'exact', head: true }).eq('assigned_to_id', agent.id).eq('is_read_by_agent', false);
    expect(teammates.count, 'a teammate cannot count the agent\'s unread tasks').toBe(0);
  });

  it('a coordinator response is on the agent\'s listing and in their notifications', async () => {
    const listing = listings[0];
    const sent = await tc.client
      .from('tc_responses')
      .insert({ listing_id: listing.id, tc_id: tc.id, agent_id: agent.id, response_type: 'note', content: 'Photos look great, send the disclosure.' })
      .select('id')
      .single();
    expect(sent.error, 'the coordinator sends a response to their agent').toBeNull();
    const onListing = await agent.client.from('tc_responses').select('id, content').eq('listing_id', listing.id);
    expect(onListing.data, 'the agent reads the response on the listing').toEqual([{ id: sent.data!.id, content: 'Photos look great, send the disclosure.' }]);
    const inbox = await agent.client.from('notifications').select('title, content, action_url, is_read').eq('user_id', agent.id).eq('source_id', sent.data!.id);
    expect(inbox.data, 'the agent can read the unread notification pointing at the listing').toEqual([
      { title: 'New response from your coordinator', content: 'Photos look great, send the disclosure.', action_url: `/agent-listing/${listing.id}`, is_read: false },
    ]);
  });
});
