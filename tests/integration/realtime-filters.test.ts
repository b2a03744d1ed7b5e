/**
 * Postgres Changes filters and bindings: every operator realtime-js can send,
 * several bindings on one channel (the server echoes their ids in order),
 * events, schema/table wildcards, and the publication deciding which tables
 * emit at all.
 */
import crypto from 'node:crypto';
import { postgresChangesFilter, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, withDb } from '../support/clients.ts';
import { sleep, subscribed, waitFor } from '../support/realtime.ts';

const TABLE = 'test_rt_filter';
const HIDDEN = 'test_rt_unpublished';
// n, body, flag, tag
const ROWS: [number, string, boolean | null, string | null][] = [
  [1, 'apple', true, null],
  [2, 'Banana', false, 'x'],
  [3, 'cherry, ripe', true, 'y'],
  [4, 'date', null, 'x'],
  [5, 'apricot', false, null],
];

const FILTERS: [string | ReturnType<typeof postgresChangesFilter>, number[], string][] = [
  ['n=eq.3', [3], 'eq matches equal numbers'],
  ['n=neq.3', [1, 2, 4, 5], 'neq matches the others'],
  ['n=gt.3', [4, 5], 'gt compares numerically'],
  ['n=gte.3', [3, 4, 5], 'gte includes the bound'],
  ['n=lt.2', [1], 'lt excludes the bound'],
  ['n=lte.2', [1, 2], 'lte includes the bound'],
  ['body=in.(apple,"cherry, ripe")', [1, 3], 'in takes a list with quoted values containing commas'],
  ['body=like.ap%', [1, 5], 'like is case-sensitive with % wildcards'],
  ['body=ilike.b%', [2], 'ilike ignores case'],
  ['body=match.^a.*e$', [1], 'match is a regular expression'],
  ['body=imatch.^BAN', [2], 'imatch is a case-insensitive regular expression'],
  ['flag=is.null', [4], 'is.null matches NULL'],
  ['flag=is.true', [1, 3], 'is.true matches true only'],
  ['tag=isdistinct.x', [1, 3, 5], 'isdistinct treats NULL as distinct'],
  ['n=not.in.(1,2)', [3, 4, 5], 'not.in negates in'],
  ['tag=not.eq.x', [3], 'not.eq on NULL is unknown, so no match (SQL semantics)'],
  [postgresChangesFilter().gte('n', 2).lt('n', 5).neq('body', 'date'), [2, 3], 'several conditions are ANDed'],
];

describe('realtime postgres changes filters and bindings', () => {
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    await withDb((db) =>
      db.query(`
        create table public.${TABLE} (id bigint generated always as identity primary key, n int not null, body text not null, flag boolean, tag text);
        create table public.${HIDDEN} (id bigint generated always as identity primary key, body text);
        alter publication supabase_realtime add table public.${TABLE};`),
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await withDb((db) => db.query(`drop table if exists public.${TABLE}; drop table if exists public.${HIDDEN}`));
  });

  it('applies every filter operator, with several bindings on one channel', async () => {
    const client = serviceClient();
    clients.push(client);
    const got = FILTERS.map(() => [] as number[]);
    const events: string[] = [];
    const schemaWide: string[] = [];
    const channel = client.channel(`filters-${crypto.randomUUID()}`);
    FILTERS.forEach(([filter, , ], i) => {
      channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: TABLE, filter: filter as string }, (p) => got[i].push((p.new as { n: number }).n));
    });
    channel.on('postgres_changes', { event: 'UPDATE', schema: 'public', table: TABLE }, (p) => events.push(`UPDATE ${(p.new as { n: number }).n}`));
    channel.on('postgres_changes', { event: 'DELETE', schema: 'public', table: TABLE }, (p) => events.push(`DELETE ${(p.old as { id: number }).id}`));
    channel.on('postgres_changes', { event: '*', schema: 'public' }, (p) => schemaWide.push(`${p.table} ${p.eventType}`));
    await subscribed(channel);

    await withDb(async (db) => {
      for (const [n, body, flag, tag] of ROWS) await db.query(`insert into public.${TABLE} (n, body, flag, tag) values ($1, $2, $3, $4)`, [n, body, flag, tag]);
      await db.query(`update public.${TABLE} set body = 'fig' where n = 4`);
      await db.query(`delete from public.${TABLE} where n = 5`);
    });
    await waitFor(() => events.length >= 2 && schemaWide.length >= 7, () => `all changes (${JSON.stringify({ events, schemaWide, got })})`);
    await sleep(200);

    FILTERS.forEach(([filter, expected, rule], i) => {
      expect(got[i], `${String(filter)}: ${rule}`).toEqual(expected);
    });
    expect(events[0], 'an UPDATE binding receives only updates').toBe('UPDATE 4');
    expect(events[1], 'a DELETE binding receives only deletes, with the old key').toMatch(/^DELETE \d+$/);
    expect(schemaWide, 'a binding without table receives every table of the schema, all events').toEqual([
      ...ROWS.map(() => `${TABLE} INSERT`),
      `${TABLE} UPDATE`,
      `${TABLE} DELETE`,
    ]);
  });

  it('emits nothing for tables outside the supabase_realtime publication', async () => {
    const client = serviceClient();
    clients.push(client);
    const hidden: unknown[] = [];
    const published: unknown[] = [];
    const channel = client
      .channel(`hidden-${crypto.randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: HIDDEN }, (p) => hidden.push(p))
      .on('postgres_changes', { event: '*', schema: 'public', table: TABLE }, (p) => published.push(p));
    await subscribed(channel);
    await withDb((db) => db.query(`insert into public.${HIDDEN} (body) values ('x'); insert into public.${TABLE} (n, body) values (99, 'marker')`));
    await waitFor(() => published.length > 0, 'the published marker');
    await sleep(100);
    expect(hidden, 'a table not in the publication emits no changes').toEqual([]);
  });

  it('refuses bindings it cannot serve with a channel error', async () => {
    const client = serviceClient();
    clients.push(client);
    const badFilter = client.channel(`bad-${crypto.randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public', table: TABLE, filter: 'n=between.1' }, () => undefined);
    await expect(subscribed(badFilter), 'an unknown operator is refused').rejects.toThrow(/filter/i);
    await client.removeChannel(badFilter);
    const badTable = client.channel(`bad-${crypto.randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public', table: 'no_such_table' }, () => undefined);
    await expect(subscribed(badTable), 'an unknown table is refused').rejects.toThrow(/Unable to subscribe/);
    await client.removeChannel(badTable);
  });
});
