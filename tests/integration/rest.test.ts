/**
 * PostgREST behind the gateway, with RLS deciding rows for two users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, mintedUser, serviceClient, stackInfo, withDb, type TestUser } from '../support/clients.ts';

describe('REST under row-level security', () => {
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    await withDb(async (db) => {
      await db.query(`
        create table public.test_private_notes (
          id bigint generated always as identity primary key,
          owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
          body text not null
        );
        alter table public.test_private_notes enable row level security;
        create policy "Owners can read their notes" on public.test_private_notes for select to authenticated using ((select auth.uid()) = owner_id);
        create policy "Owners can add their notes" on public.test_private_notes for insert to authenticated with check ((select auth.uid()) = owner_id);
        create policy "Owners can change their notes" on public.test_private_notes for update to authenticated using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);
        create policy "Owners can delete their notes" on public.test_private_notes for delete to authenticated using ((select auth.uid()) = owner_id);
        create function public.test_plan_cache_mode() returns text language sql stable set search_path = '' as $$ select current_setting('plan_cache_mode') $$;
        notify pgrst, 'reload schema';`);
    });
    a = await mintedUser();
    b = await mintedUser();
    // PostgREST reloads its schema cache asynchronously and answers some
    // requests on a new table before it accepts inserts into it, so probe with
    // a real insert (removed again) until two in a row succeed.
    for (let i = 0, ok = 0; i < 100 && ok < 2; i++) {
      const probe = await a.client.from('test_private_notes').insert({ body: 'schema probe' }).select('id').single();
      if (probe.data) await a.client.from('test_private_notes').delete().eq('id', probe.data.id);
      ok = probe.status === 201 ? ok + 1 : 0;
      if (ok < 2) await new Promise((r) => setTimeout(r, 50));
    }
  });

  afterAll(async () => {
    await withDb((db) => db.query('drop table if exists public.test_private_notes; drop function if exists public.test_plan_cache_mode()'));
  });

  it('lets each user see and change only their own rows', async () => {
    const insA = await a.client.from('test_private_notes').insert({ body: 'a secret' }).select().single();
    expect(insA.error, `A may insert a row they own (${insA.status} ${JSON.stringify(insA)})`).toBeNull();
    const insB = await b.client.from('test_private_notes').insert({ body: 'b secret' }).select().single();
    expect(insB.error, 'B may insert a row they own').toBeNull();

    const seenByA = await a.client.from('test_private_notes').select('body');
    expect(seenByA.data?.map((r) => r.body), 'A sees only their own row').toEqual(['a secret']);

    const updateByB = await b.client.from('test_private_notes').update({ body: 'hacked' }).eq('id', insA.data!.id).select();
    expect(updateByB.data, "B's update of A's row touches nothing").toEqual([]);
    const deleteByB = await b.client.from('test_private_notes').delete().eq('id', insA.data!.id).select();
    expect(deleteByB.data, "B's delete of A's row touches nothing").toEqual([]);

    const forged = await b.client.from('test_private_notes').insert({ body: 'forged', owner_id: a.id });
    expect(forged.error?.code, 'B cannot insert a row owned by A (RLS violation)').toBe('42501');

    const stillA = await a.client.from('test_private_notes').select('body').eq('id', insA.data!.id).single();
    expect(stillA.data?.body, "A's row is unchanged").toBe('a secret');

    const anon = await anonClient().from('test_private_notes').select('body');
    expect(anon.data, 'anon sees no rows').toEqual([]);
  });

  it('plans signed-in requests once per connection (generic plans) and leaves the other roles at the default', async () => {
    // The migration sets plan_cache_mode on authenticated; PostgREST applies an
    // impersonated role's settings at the start of each request.
    const signedIn = await a.client.rpc('test_plan_cache_mode');
    expect(signedIn.error).toBeNull();
    expect(signedIn.data, 'a signed-in request reuses generic plans (its policies are not planned again each time)').toBe('force_generic_plan');
    const service = await serviceClient().rpc('test_plan_cache_mode');
    expect(service.data, 'service role keeps the default').toBe('auto');
    const anon = await anonClient().rpc('test_plan_cache_mode');
    expect(anon.data, 'anon keeps the default').toBe('auto');
  });

  it('refuses requests without an API key or with a tampered token', async () => {
    const info = stackInfo();
    const noKey = await fetch(`${info.apiUrl}/rest/v1/test_private_notes`);
    expect(noKey.status, 'no apikey → 401 from the gateway').toBe(401);

    const [h, p] = a.accessToken.split('.');
    const tampered = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`;
    const res = await fetch(`${info.apiUrl}/rest/v1/test_private_notes`, { headers: { apikey: info.anonKey, Authorization: `Bearer ${tampered}` } });
    expect(res.status, 'a tampered signature → 401 from PostgREST').toBe(401);

    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const resNone = await fetch(`${info.apiUrl}/rest/v1/test_private_notes`, { headers: { apikey: info.anonKey, Authorization: `Bearer ${none}` } });
    expect(resNone.status, 'an alg:none token → 401').toBe(401);
  });
});
