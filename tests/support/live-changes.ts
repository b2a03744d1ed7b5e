/**
 * Listening to live changes as the app does (issue 54): an actor joins its
 * own private topic user:<sign-in id> and collects the {table, id, op,
 * listing_id} changes the database sends it; and the exact-readers check:
 * who was told of a row against who may select it.
 */
import type { RealtimeChannel } from '@supabase/supabase-js';
import { withDb } from './clients.ts';
import { subscribed } from './realtime.ts';
import { createActor, type Actor } from './seed-rls-actors.ts';

export interface LiveChange {
  table: string;
  id: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  listing_id: string | null;
}

export interface Ear {
  heard: LiveChange[];
  channel: RealtimeChannel;
}

/** How long a change that is not coming is waited for (deliveries take milliseconds locally). */
export const QUIET_MS = 400;

/** Joins the actor's own topic as the app does and collects what it hears. */
export async function listen(actor: Actor): Promise<Ear> {
  const heard: LiveChange[] = [];
  await actor.client.realtime.setAuth();
  const channel = actor.client.channel(`user:${actor.authId}`, { config: { private: true } }).on('broadcast', { event: 'change' }, (m) => heard.push(m.payload as LiveChange));
  await subscribed(channel);
  return { heard, channel };
}

/** The changes of one row an ear heard. */
export const heardOf = (ear: Ear, table: string, id: string) => ear.heard.filter((c) => c.table === table && c.id === id);

/**
 * Two teams, as the exact-readers tests need them: coordinators A and B, a
 * super admin, two agents of A, one of B, and an agent with no coordinator.
 * Each actor's key starts with `prefix`.
 */
export async function createTwoTeams(prefix: string) {
  const [tcA, tcB, admin] = await Promise.all([createActor(`${prefix}TcA`, 'tc'), createActor(`${prefix}TcB`, 'tc'), createActor(`${prefix}Admin`, 'super_admin')]);
  const [agentA1, agentA2, agentB, loner] = await Promise.all([
    createActor(`${prefix}AgentA1`, 'agent', { assignedTcId: tcA.id }),
    createActor(`${prefix}AgentA2`, 'agent', { assignedTcId: tcA.id }),
    createActor(`${prefix}AgentB`, 'agent', { assignedTcId: tcB.id }),
    createActor(`${prefix}Loner`, 'agent'),
  ]);
  return { tcA, tcB, admin, agentA1, agentA2, agentB, loner, actors: [tcA, tcB, admin, agentA1, agentA2, agentB, loner] };
}

/** Whether `actor` may select the row, by the read policies, as the API would ask. */
async function maySelect(actor: Actor, table: string, id: string): Promise<boolean> {
  return withDb(async (db) => {
    await db.query('begin');
    try {
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: actor.authId, role: 'authenticated' })]);
      await db.query('set local role authenticated');
      return (await db.query(`select 1 from public.${table} where id = $1`, [id])).rowCount === 1;
    } finally {
      await db.query('rollback');
    }
  });
}

/**
 * For each row: the keys of the actors the triggers told of it (every change
 * message written to realtime.messages for its id, whatever the operation),
 * and the keys of the actors the read policies let select it now.
 */
export async function toldAndReaders(actors: Actor[], rows: { table: string; id: string }[]) {
  const topicOf = new Map(actors.map((a) => [`user:${a.authId}`, a.key]));
  const told = await withDb(
    async (db) =>
      (
        await db.query<{ topic: string; table: string; id: string }>(
          `select topic, payload->>'table' as table, payload->>'id' as id from realtime.messages
            where event = 'change' and private and payload->>'id' = any($1::text[])`,
          [rows.map((r) => r.id)],
        )
      ).rows,
  );
  const result: { table: string; id: string; heard: string[]; readers: string[] }[] = [];
  for (const { table, id } of rows) {
    const readers: string[] = [];
    for (const actor of actors) if (await maySelect(actor, table, id)) readers.push(actor.key);
    const heard = [...new Set(told.filter((m) => m.table === table && m.id === id && topicOf.has(m.topic)).map((m) => topicOf.get(m.topic)!))];
    result.push({ table, id, heard: heard.sort(), readers: readers.sort() });
  }
  return result;
}
