/**
 * The admin console through the HTTP stack with the seed's demo sign-ins and
 * the screens' own queries: counts in one request, lists searched and paged
 * in the database, deletions, and the System Settings functions — each
 * refused to coordinators and agents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordSearchFilters } from '@/lib/person-search';
import { anonClient, demoUser, signedInUser, withDb, type TestUser } from '../support/clients.ts';

const ADMIN = 'admin@listingdesk.test';

describe('admin console', () => {
  let admin: TestUser;
  let olivia: TestUser;
  let marcus: TestUser;

  beforeAll(async () => {
    [admin, olivia, marcus] = await Promise.all([ADMIN, 'olivia.chen@listingdesk.test', 'marcus.johnson@listingdesk.test'].map((email) => demoUser(email)));
  });

  afterAll(async () => {
    await withDb((db) => db.query(`update private.settings set value = case key when 'inbound_email_domain' then '' else '7' end where key in ('inbound_email_domain', 'invitation_lifetime_days')`));
  });

  it('admin_stats() gives every count in one request, equal to the tables, and only to super admins', async () => {
    const { data, error } = await admin.client.rpc('admin_stats');
    expect(error, 'a super admin reads the stats').toBeNull();
    const truth = await withDb(async (db) =>
      (
        await db.query(`select (select count(*) from public.users)::int as users, (select count(*) from public.listings)::int as listings,
          (select count(*) from public.listings where status = 'live')::int as live, (select count(*) from public.users where role = 'agent')::int as agents,
          (select count(*) from public.users where role = 'tc')::int as tcs, (select count(*) from public.invitations)::int as invitations,
          (select count(*) from public.listings where status = 'closed')::int as closed`)
      ).rows[0],
    );
    const row = (data as Record<string, number>[])[0];
    expect(row, 'the counts are the whole tables (live listings are the active ones)').toEqual({
      total_users: truth.users,
      total_listings: truth.listings,
      active_listings: truth.live,
      total_agents: truth.agents,
      total_tcs: truth.tcs,
      total_invitations: truth.invitations,
      closed_listings: truth.closed,
    });
    for (const user of [olivia, marcus]) {
      const refused = await user.client.rpc('admin_stats');
      expect(refused.status, `${user.email} (not a super admin) is refused the stats with 403`).toBe(403);
      expect(refused.error?.message, 'the refusal says why').toBe('Super admin access required');
    }
  });

  it('lists are searched and paged in the database with an exact total', async () => {
    let query = admin.client.from('users').select('id, email, coordinator:assigned_tc_id(first_name, last_name)', { count: 'exact' }).order('created_at', { ascending: false });
    for (const filter of wordSearchFilters('marcus johnson', ['first_name', 'last_name', 'email'])) query = query.or(filter);
    const users = await query.range(0, 24);
    expect(users.error, 'the users page loads').toBeNull();
    expect(users.count, 'the search counts only matching accounts').toBe(1);
    expect(users.data?.[0].coordinator, "Marcus's coordinator comes embedded in the same request").toEqual({ first_name: 'Olivia', last_name: 'Chen' });

    const page = await admin.client.from('listings').select('id', { count: 'exact' }).order('created_at', { ascending: false }).range(0, 1);
    const total = await withDb(async (db) => (await db.query<{ n: number }>('select count(*)::int as n from public.listings')).rows[0].n);
    expect(page.data?.length, 'a page holds only its rows').toBe(Math.min(2, total));
    expect(page.count, 'the total covers every listing').toBe(total);

    const asAgent = await marcus.client.from('invitations').select('id', { count: 'exact' });
    expect(asAgent.count, 'an agent reads no invitations').toBe(0);
  });

  it('admin_search_listings() finds every word in address or seller, literally, for super admins only', async () => {
    const seeded = await withDb(async (db) =>
      (
        await db.query<{ id: string }>(
          `insert into public.listings (address, seller_name, status) values ('12 Zebra_Lane 50%', 'Quentin Quirk', 'ready'), ('12 Zebra Road', 'Other Owner', 'live') returning id`,
        )
      ).rows.map((r) => r.id),
    );
    try {
      const search = async (term: string) => {
        const answer = await admin.client.rpc('admin_search_listings', { search: term }, { count: 'exact' }).select('id, address').order('address');
        return { ...answer, data: answer.data as { id: string; address: string }[] | null };
      };
      const both = await search('zebra 12');
      expect([both.count, both.data?.map((l) => l.address)], 'every word must match, in any order; the total is counted').toEqual([2, ['12 Zebra Road', '12 Zebra_Lane 50%']]);
      expect((await search('zebra quirk')).data?.map((l) => l.address), "a word may match the seller's name").toEqual(['12 Zebra_Lane 50%']);
      expect((await search('zebra_')).count, "'_' is matched literally, not as a wildcard").toBe(1);
      expect((await search('50%')).count, "'%' is matched literally").toBe(1);
      expect((await search('x'.repeat(201))).status, 'an over-long search is a 400').toBe(400);
      expect((await olivia.client.rpc('admin_search_listings', { search: 'zebra' })).status, 'a coordinator is refused with 403').toBe(403);
    } finally {
      await withDb((db) => db.query('delete from public.listings where id = any($1)', [seeded]));
    }
  });

  it('a super admin deletes an account (its sign-in too); a coordinator cannot', async () => {
    const doomed = await signedInUser();
    const accountId = await withDb(async (db) => (await db.query<{ id: string }>('select id from public.users where auth_user_id = $1', [doomed.id])).rows[0].id);

    const refused = await olivia.client.rpc('delete_user', { account_id: accountId });
    expect(refused.status, 'a coordinator is refused delete_user with 403').toBe(403);

    expect((await admin.client.rpc('delete_user', { account_id: accountId })).error, 'the super admin deletes the account').toBeNull();
    const left = await withDb(async (db) => (await db.query('select 1 from auth.users where id = $1', [doomed.id])).rowCount);
    expect(left, 'the sign-in of its only account went with it').toBe(0);
  });

  it('System Settings: read and changed by super admins only, validated, and used for new invitations', async () => {
    const settings = await admin.client.rpc('admin_settings');
    expect(settings.data, 'the settings show the role switcher e-mail, no inbound domain yet, 7 days').toEqual([
      { role_switcher_email: 'switcher@listingdesk.test', inbound_email_domain: null, invitation_lifetime_days: 7 },
    ]);
    expect((await olivia.client.rpc('admin_settings')).status, 'a coordinator cannot read the settings').toBe(403);
    expect((await olivia.client.rpc('update_admin_settings', { inbound_email_domain: 'evil.test', invitation_lifetime_days: 3 })).status, 'a coordinator cannot change them').toBe(403);

    const badDomain = await admin.client.rpc('update_admin_settings', { inbound_email_domain: 'not a domain', invitation_lifetime_days: 7 });
    expect([badDomain.status, badDomain.error?.message], 'a malformed domain is a 400 that says what is wrong').toEqual([400, 'Inbound e-mail domain must be a domain name such as mail.example.com']);
    const badDays = await admin.client.rpc('update_admin_settings', { inbound_email_domain: '', invitation_lifetime_days: 0 });
    expect(badDays.status, 'a lifetime outside 1-90 days is a 400').toBe(400);

    expect((await admin.client.rpc('update_admin_settings', { inbound_email_domain: 'Inbound.ListingDesk.test', invitation_lifetime_days: 3 })).error, 'valid values are stored').toBeNull();
    expect((await marcus.client.rpc('inbound_email_domain')).data, 'every signed-in user reads the domain for forwarding addresses, lower-cased').toBe('inbound.listingdesk.test');

    const invited = await admin.client.from('invitations').insert({ email: 'lifetime@example.test', role: 'agent' }).select('id, created_at, expires_at').single();
    expect(invited.error, 'the super admin creates an invitation').toBeNull();
    const days = (Date.parse(invited.data!.expires_at) - Date.parse(invited.data!.created_at)) / 86_400_000;
    expect(Math.round(days), 'a new invitation expires after the configured lifetime').toBe(3);
    await admin.client.from('invitations').delete().eq('id', invited.data!.id);
    expect((await admin.client.rpc('update_admin_settings', { inbound_email_domain: '', invitation_lifetime_days: 7 })).error, 'an empty domain goes back to the app host').toBeNull();
  });

  it('the admin-settings function tells whether AI is configured, never the key, and only to super admins', async () => {
    const { data, error } = await admin.client.functions.invoke('admin-settings', { method: 'GET' });
    expect(error, 'a super admin reads the settings through the function').toBeNull();
    expect(data, 'the database settings and a boolean for the AI key').toEqual({
      settings: { role_switcher_email: 'switcher@listingdesk.test', inbound_email_domain: null, invitation_lifetime_days: 7 },
      aiConfigured: expect.any(Boolean),
    });
    expect(JSON.stringify(data), 'no key material in the answer').not.toMatch(/sk-|OPENAI_API_KEY/);

    const asCoordinator = await olivia.client.functions.invoke('admin-settings', { method: 'GET' });
    expect((asCoordinator.error as { context?: Response } | null)?.context?.status, 'a coordinator is refused with 403').toBe(403);
    const asAnon = await anonClient().functions.invoke('admin-settings', { method: 'GET' });
    expect((asAnon.error as { context?: Response } | null)?.context?.status, 'without a session the answer is 401').toBe(401);
  });
});
