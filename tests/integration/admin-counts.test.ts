/**
 * The admin console's counts are kept by statement triggers (issue 16:
 * admin_stats() must not count 100,000 listings per visit). Whatever real
 * users do through the API — create, change status, delete listings; send and
 * delete invitations — private.table_counts equals the tables, checked in one
 * snapshot so other test files writing at the same time cannot skew it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';

const MISMATCHES = `
  with truth as (
    select 'users' as counter, count(*) as value from public.users
    union all select 'users:' || role, count(*) from public.users group by role
    union all select 'listings', count(*) from public.listings
    union all select 'listings:' || status, count(*) from public.listings group by status
    union all select 'invitations', count(*) from public.invitations
  )
  select coalesce(t.counter, c.counter) as counter, coalesce(t.value, 0)::int as truth, coalesce(c.value, 0)::int as kept
  from truth t full join private.table_counts c on c.counter = t.counter
  where coalesce(t.value, 0) <> coalesce(c.value, 0)`;

const mismatches = () => withDb(async (db) => (await db.query(MISMATCHES)).rows);

let marcus: TestUser;
let admin: TestUser;
const created: string[] = [];

beforeAll(async () => {
  marcus = await demoUser('marcus.johnson@listingdesk.test');
  admin = await demoUser('admin@listingdesk.test');
});

afterAll(async () => {
  await withDb((db) => db.query('delete from public.listings where id = any($1)', [created]));
});

describe('admin counts', () => {
  it('follow listings created, moved between statuses and deleted through the API', async () => {
    expect(await mismatches(), 'the counters start equal to the tables').toEqual([]);
    const agentId = await withDb(async (db) => (await db.query<{ id: string }>(`select id from public.users where email = 'marcus.johnson@listingdesk.test' and role = 'agent'`)).rows[0].id);
    const inserted = await marcus.client.from('listings').insert({ address: '16 Counter Lane, Austin TX', agent_id: agentId }).select('id').single();
    expect(inserted.error, 'an agent creates a listing').toBeNull();
    created.push(inserted.data!.id);
    expect(await mismatches(), 'a new listing is counted, under its status').toEqual([]);
    const live = await admin.client.rpc('set_listing_status', { listing_id: inserted.data!.id, new_status: 'live' });
    expect(live.error, 'the super admin sets it live').toBeNull();
    expect(await mismatches(), 'it moved from incomplete to live').toEqual([]);
    const stats = (await admin.client.rpc('admin_stats')).data as { total_listings: number; active_listings: number }[];
    const liveNow = await withDb(async (db) => (await db.query<{ n: number }>(`select count(*)::int as n from public.listings where status = 'live'`)).rows[0].n);
    expect(stats[0].active_listings, 'admin_stats() reads the kept counts').toBe(liveNow);
    const removed = await marcus.client.from('listings').delete().eq('id', inserted.data!.id).select('id');
    expect(removed.data, 'the agent deletes it').toHaveLength(1);
    expect(await mismatches(), 'a deleted listing is no longer counted').toEqual([]);
  });

  it('follow invitations and bulk changes', async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `counted-${i}-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await withDb((db) => db.query(`insert into public.invitations (email, role) select unnest($1::text[]), 'agent'`, [emails]));
    expect(await mismatches(), 'five invitations in one statement are counted once each').toEqual([]);
    await withDb((db) => db.query('delete from public.invitations where email = any($1)', [emails]));
    expect(await mismatches(), 'and uncounted when deleted').toEqual([]);
  });

  it('cannot be read or changed by anyone but the functions that keep them', async () => {
    const rest = await admin.client.schema('private' as never).from('table_counts').select('*');
    expect(rest.error, 'the private schema is not served by the API').not.toBeNull();
    const asRole = (role: string, sql: string) =>
      withDb(async (db) => {
        await db.query('begin');
        try {
          await db.query(`set local role ${role}`);
          await db.query(sql);
          return 'allowed';
        } catch (error) {
          return (error as { code?: string }).code;
        } finally {
          await db.query('rollback');
        }
      });
    for (const role of ['anon', 'authenticated']) {
      expect(await asRole(role, 'select * from private.table_counts'), `${role} may not read the counters`).toBe('42501');
      expect(await asRole(role, `update private.table_counts set value = 0`), `${role} may not change them`).toBe('42501');
    }
  });
});
