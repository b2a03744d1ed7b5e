/**
 * Agent Assignments and the agent profile view through the HTTP stack, with
 * the seed's demo sign-ins and the same PostgREST queries the screens send:
 * a coordinator takes an unassigned agent, another coordinator can neither
 * release nor take her (403, nothing changed), the searched and counted lists,
 * and who reads an agent's profile with its coordinator and listings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personSearchFilters } from '@/lib/person-search';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';

/** Fixed account and listing ids of supabase/seed.sql. */
const ID = {
  olivia: 'a0000000-0000-4000-8000-000000000003',
  david: 'a0000000-0000-4000-8000-000000000004',
  marcus: 'a0000000-0000-4000-8000-000000000005',
  priya: 'a0000000-0000-4000-8000-000000000009',
  bartonHills: '10000000-0000-4000-8000-000000000001',
} as const;

async function priyasCoordinator(): Promise<string | null> {
  return withDb(async (db) => (await db.query<{ tc: string | null }>('select assigned_tc_id as tc from public.users where id = $1', [ID.priya])).rows[0].tc);
}

/** 'Available Agents' as the screen asks for it: available_agents() searched, counted and paged by PostgREST. */
async function availableAgents(user: TestUser, search: string) {
  let query = user.client.rpc('available_agents', {}, { count: 'exact' }).select('id, first_name, last_name, email, search_text').order('first_name');
  for (const filter of personSearchFilters(search)) query = query.or(filter);
  const result = await query.range(0, 24);
  return { ...result, data: result.data as { id: string }[] | null };
}

/** 'My Assigned Agents' as the screen asks for it: agent_overview of one coordinator, searched and counted. */
async function assignedAgents(user: TestUser, tcId: string, search: string) {
  let query = user.client.from('agent_overview').select('id, first_name, email', { count: 'exact' }).eq('assigned_tc_id', tcId).order('first_name');
  for (const filter of personSearchFilters(search)) query = query.or(filter);
  return query.range(0, 24);
}

describe('agent assignments', () => {
  let olivia: TestUser;
  let david: TestUser;
  let marcus: TestUser;

  beforeAll(async () => {
    [olivia, david, marcus] = await Promise.all(['olivia.chen', 'david.kim', 'marcus.johnson'].map((name) => demoUser(`${name}@listingdesk.test`)));
    await withDb((db) => db.query('update public.users set assigned_tc_id = null where id = $1', [ID.priya]));
  });

  afterAll(async () => {
    await withDb((db) => db.query('update public.users set assigned_tc_id = null where id = $1', [ID.priya]));
  });

  it('a coordinator assigns an unassigned agent to herself; another coordinator can neither release nor take her', async () => {
    const before = await availableAgents(david, 'priya');
    expect(before.data?.map((a) => a.id), 'Priya is available to every coordinator').toEqual([ID.priya]);

    expect((await olivia.client.rpc('assign_agent', { agent_id: ID.priya })).error, 'Olivia assigns Priya to herself').toBeNull();
    expect(await priyasCoordinator(), 'Priya now belongs to Olivia').toBe(ID.olivia);

    const release = await david.client.rpc('unassign_agent', { agent_id: ID.priya });
    expect(release.status, "David may not unassign Olivia's agent (403)").toBe(403);
    expect(release.error?.message, 'the refusal says why').toMatch(/not your agent/);
    const take = await david.client.rpc('assign_agent', { agent_id: ID.priya });
    expect(take.status, "David may not take Olivia's agent (403)").toBe(403);
    expect(take.error?.message, 'the refusal says why').toMatch(/assigned to another coordinator/);
    const forOlivia = await david.client.rpc('assign_agent', { agent_id: ID.priya, tc_id: ID.david });
    expect(forOlivia.status, 'naming himself as coordinator changes nothing (403)').toBe(403);
    expect(await priyasCoordinator(), "David's refused calls changed nothing").toBe(ID.olivia);

    const again = await olivia.client.rpc('assign_agent', { agent_id: ID.priya });
    expect(again.status, 'assigning one of her own agents again is a conflict (409)').toBe(409);
    const unknown = await olivia.client.rpc('unassign_agent', { agent_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status, 'an unknown agent is not found (404)').toBe(404);
    const bad = await olivia.client.rpc('unassign_agent', { agent_id: 'not-a-uuid' });
    expect(bad.status, 'a malformed id is bad input (400), never a 500').toBe(400);

    const agentTries = await marcus.client.rpc('unassign_agent', { agent_id: ID.priya });
    expect(agentTries.status, 'an agent cannot unassign anyone (403)').toBe(403);

    expect((await availableAgents(david, 'priya')).data, 'Priya is no longer available to David').toEqual([]);
    expect((await olivia.client.rpc('unassign_agent', { agent_id: ID.priya })).error, 'Olivia releases Priya').toBeNull();
    expect(await priyasCoordinator(), 'Priya is unassigned again').toBeNull();
  });

  it('both lists are searched by name or e-mail and counted in the database', async () => {
    const all = await assignedAgents(olivia, ID.olivia, '');
    expect(all.count, "Olivia's team: Marcus, Emily and her own test agent profile").toBe(3);
    const byLast = await assignedAgents(olivia, ID.olivia, 'johnson');
    expect(byLast.data?.map((a) => a.id), 'a last name finds Marcus').toEqual([ID.marcus]);
    expect(byLast.count, 'the count follows the search').toBe(1);
    const byEmail = await assignedAgents(olivia, ID.olivia, 'marcus.johnson@listingdesk');
    expect(byEmail.data?.map((a) => a.id), 'an e-mail (with dots and @) finds Marcus').toEqual([ID.marcus]);
    const fullName = await assignedAgents(olivia, ID.olivia, 'Marcus Johnson');
    expect(fullName.data?.map((a) => a.id), 'first and last name together find Marcus').toEqual([ID.marcus]);
    const none = await assignedAgents(olivia, ID.olivia, 'nobody-here');
    expect([none.data, none.count], 'no match: an empty list and a zero count').toEqual([[], 0]);
    const injected = await assignedAgents(olivia, ID.olivia, 'x),assigned_tc_id.is.null,(');
    expect(injected.error, 'filter syntax typed into the search box is only text').toBeNull();
    expect(injected.data, 'and widens nothing').toEqual([]);

    const available = await availableAgents(olivia, 'PATEL');
    expect([available.data?.map((a) => a.id), available.count], 'available agents are searched case-insensitively and counted').toEqual([[ID.priya], 1]);
    const foreign = await assignedAgents(olivia, ID.david, '');
    expect([foreign.data, foreign.count], "another coordinator's list stays empty for Olivia (RLS)").toEqual([[], 0]);
  });

  it('the searched text is kept by the database from the names and e-mail, and no client writes it', async () => {
    const kept = await olivia.client.from('users').select('search_text').eq('id', ID.marcus).single();
    expect(kept.data?.search_text, 'first name, last name and e-mail, lowercased').toBe('marcus johnson marcus.johnson@listingdesk.test');
    try {
      await withDb((db) => db.query("update public.users set last_name = 'Johnson-Reyes' where id = $1", [ID.marcus]));
      const renamed = await assignedAgents(olivia, ID.olivia, 'JOHNSON-reyes');
      expect(renamed.data?.map((a) => a.id), 'a renamed agent is found by the new name at once').toEqual([ID.marcus]);
    } finally {
      await withDb((db) => db.query("update public.users set last_name = 'Johnson' where id = $1", [ID.marcus]));
    }
    const forged = await marcus.client.from('users').update({ search_text: 'priya patel' } as never).eq('id', ID.marcus).select('search_text');
    expect(forged.error?.code, 'the column is generated: writing it is refused').toMatch(/^(42501|428C9)$/);
    expect((await assignedAgents(olivia, ID.olivia, 'patel')).data, 'and Marcus is not found as Priya').toEqual([]);
  });

  it("an agent's profile: their coordinator reads it with the coordinator's name and listings; other coordinators read nothing", async () => {
    const columns =
      'id, first_name, last_name, email, phone, license_number, brokerage, brokerage_address, mls_system, mls_username, coordinator:assigned_tc_id(first_name, last_name)';
    const mine = await olivia.client.from('users').select(columns).eq('id', ID.marcus).eq('role', 'agent').maybeSingle();
    expect(mine.error, 'the profile query is valid').toBeNull();
    expect(mine.data, "Olivia reads her agent's details and her own name as his coordinator").toMatchObject({
      first_name: 'Marcus',
      brokerage: 'Lone Star Realty Group',
      mls_username: 'marcus.johnson',
      coordinator: { first_name: 'Olivia', last_name: 'Chen' },
    });
    expect(Object.keys(mine.data ?? {}), 'no MLS password is ever part of it').not.toContain('mls_password');

    const foreign = await david.client.from('users').select(columns).eq('id', ID.marcus).eq('role', 'agent').maybeSingle();
    expect([foreign.error, foreign.data], "David reads nothing of Olivia's agent (shown as not found)").toEqual([null, null]);
    const unassigned = await olivia.client.from('users').select(columns).eq('id', ID.priya).maybeSingle();
    expect(unassigned.data, "a coordinator does not read an unassigned agent's profile").toBeNull();

    const listings = await olivia.client
      .from('listings')
      .select('id, status, tasks(id)', { count: 'exact' })
      .eq('agent_id', ID.marcus)
      .neq('tasks.status', 'completed')
      .order('created_at', { ascending: false });
    expect(listings.error, 'the listings query with open tasks is valid').toBeNull();
    const open = await withDb(
      async (db) =>
        (await db.query<{ n: number }>("select count(*)::int as n from public.tasks where listing_id = $1 and status <> 'completed'", [ID.bartonHills])).rows[0].n,
    );
    const barton = listings.data?.find((l) => l.id === ID.bartonHills);
    expect(barton?.tasks.length, 'the embedded tasks are the open ones, counted in the same request').toBe(open);
    expect((await david.client.from('listings').select('id').eq('agent_id', ID.marcus)).data, "David sees none of Marcus's listings").toEqual([]);
  });
});
