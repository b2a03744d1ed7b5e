/**
 * The MLS password must not travel through Realtime either: subscribers to
 * every published table (a coordinator of the owner, another agent, the super
 * admin) watch while the owner sets it, edits their profile and creates a
 * listing; no payload may carry the secret, and no published table holds it.
 */
import type { RealtimeChannel } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { sleep, subscribed, waitFor } from '../support/realtime.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

const SECRET = 'mls-secret-7f3a9c';

describe('MLS password through Realtime', () => {
  let owner: Actor;
  let watchers: Actor[];
  const channels: RealtimeChannel[] = [];
  const received = new Map<string, string[]>();

  beforeAll(async () => {
    const tc = await createActor('MlsCoord', 'tc');
    owner = await createActor('MlsOwner', 'agent', { assignedTcId: tc.id });
    const otherAgent = await createActor('MlsOtherAgent', 'agent');
    const admin = await createActor('MlsAdmin', 'super_admin');
    watchers = [tc, otherAgent, admin, owner];
    for (const watcher of watchers) {
      received.set(watcher.key, []);
      await watcher.client.realtime.setAuth();
      const channel = watcher.client
        .channel(`mls-watch-${watcher.key}`)
        .on('postgres_changes', { event: '*', schema: 'public' }, (payload) => received.get(watcher.key)!.push(JSON.stringify(payload)));
      await subscribed(channel);
      channels.push(channel);
    }
  });

  afterAll(async () => {
    await Promise.all(channels.map((c) => c.unsubscribe()));
  });

  it('no published table holds the secret, and no subscriber ever receives it', async () => {
    const published = await withDb((db) =>
      db.query<{ column_name: string; table_name: string }>(
        `select c.table_name, c.column_name from information_schema.columns c
         join pg_publication_tables p on p.schemaname = c.table_schema and p.tablename = c.table_name
         where p.pubname = 'supabase_realtime' and c.column_name ilike '%mls_password%'`,
      ),
    );
    expect(published.rows, 'no table in the supabase_realtime publication has an mls_password column').toEqual([]);

    const set = await owner.client.rpc('set_mls_password', { password: SECRET });
    expect(set.error, 'the owner may set their MLS password').toBeNull();
    const edit = await owner.client.from('users').update({ mls_username: 'owner-mls-login' }).eq('id', owner.id!);
    expect(edit.error, 'the owner may edit their own profile').toBeNull();
    // A published change after the secret was set marks the point by which anything about it would have arrived.
    const marker = await owner.client.from('listings').insert({ address: '77 Marker Lane, Austin, TX', agent_id: owner.id! }).select('id').single();
    expect(marker.error, 'the owner may create a listing').toBeNull();

    for (const watcher of [owner, watchers[0], watchers[2]]) {
      await waitFor(() => received.get(watcher.key)!.some((p) => p.includes('77 Marker Lane')), `the marker listing to reach ${watcher.key}`);
    }
    await sleep(300);
    for (const watcher of watchers) {
      const payloads = received.get(watcher.key)!.join('\n');
      expect(payloads, `${watcher.key}: no realtime payload carries the MLS password`).not.toContain(SECRET);
      expect(payloads, `${watcher.key}: no realtime payload has an mls_password field`).not.toMatch(/mls_password/);
    }
  });
});
