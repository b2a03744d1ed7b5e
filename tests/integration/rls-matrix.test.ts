/**
 * RLS matrix: for every table (and the storage buckets, in rls-storage), each
 * actor tries select, insert, update and delete through supabase-js against
 * the local stack; the outcome is read back with a superuser connection and
 * compared with the rule. Actors: anon, agent A (coordinator 1), agent B
 * (coordinator 2), coordinator 1, coordinator 2, super admin.
 *
 * Cell meanings (the row's scope is agent A's listing / coordinator 1's team):
 *   select  the actor can read the fixture row
 *   insert  the actor can add a row in that scope as themselves
 *   update  the actor can change a harmless column of the fixture row
 *   delete  the actor can delete a fresh row of the same kind
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/clients.ts';
import { anonActor, createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

type ActorKey = 'anon' | 'agentA' | 'agentB' | 'tc1' | 'tc2' | 'admin';
const ACTORS: ActorKey[] = ['anon', 'agentA', 'agentB', 'tc1', 'tc2', 'admin'];
type Op = 'select' | 'insert' | 'update' | 'delete';
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

interface World {
  a: Record<ActorKey, Actor>;
  /** Ids of shared fixture rows. */
  f: Record<string, string>;
}

interface TableSpec {
  name: string;
  table: string;
  key?: string;
  /** Creates a row of this kind in the fixture scope (as superuser). */
  create: (db: pg.Client, w: World) => Promise<string>;
  /** The row read and updated, when not a freshly created one (e.g. agent A's own account). */
  target?: (w: World) => string;
  /** The row an actor inserts "as themselves" in the fixture scope. */
  insert: (actor: Actor, w: World) => Record<string, unknown>;
  update: { column: string; value: (actor: ActorKey) => unknown };
  allow: Record<Op, ActorKey[]>;
}

const uid = () => crypto.randomUUID();
const me = (actor: Actor) => actor.id ?? uid();

const SPECS: TableSpec[] = [
  {
    name: 'users',
    table: 'users',
    create: async (_db, w) => (await createActor(`doomed-${uid().slice(0, 4)}`, 'agent', { assignedTcId: w.a.tc1.id })).id!,
    insert: (actor) => ({ id: uid(), auth_user_id: actor.authId ?? uid(), email: 'forged@rls.test', role: 'agent' }),
    target: (w) => w.a.agentA.id!,
    update: { column: 'first_name', value: (k) => `Renamed by ${k}` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: [], update: ['agentA', 'admin'], delete: ['admin'] },
  },
  {
    name: 'active_accounts',
    table: 'active_accounts',
    key: 'auth_user_id',
    create: async (db) => {
      const doomed = await createActor(`switcher-${uid().slice(0, 4)}`, 'agent');
      return insertRow(db, 'active_accounts', { auth_user_id: doomed.authId, user_id: doomed.id }, 'auth_user_id');
    },
    insert: (actor) => ({ auth_user_id: actor.authId ?? uid(), user_id: actor.id ?? uid() }),
    target: (w) => w.a.agentA.authId!,
    update: { column: 'updated_at', value: () => '2001-01-01T00:00:00+00:00' },
    allow: { select: ['agentA'], insert: [], update: [], delete: [] },
  },
  {
    name: 'listings',
    table: 'listings',
    create: (db, w) => insertRow(db, 'listings', { address: `${Math.floor(Math.random() * 900) + 100} Test Ave`, agent_id: w.a.agentA.id, tc_id: w.a.tc1.id }),
    insert: (_actor, w) => ({ id: uid(), address: '1 Matrix Way', agent_id: w.a.agentA.id }),
    update: { column: 'seller_name', value: (k) => `Seller set by ${k}` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['agentA', 'tc1', 'admin'], update: ['agentA', 'admin'], delete: ['agentA', 'tc1', 'admin'] },
  },
  {
    name: 'notes',
    table: 'notes',
    create: (db, w) => insertRow(db, 'notes', { listing_id: w.f.listingA, user_id: w.a.agentA.id, content: 'Lockbox code is with the seller.' }),
    insert: (actor, w) => ({ id: uid(), listing_id: w.f.listingA, user_id: me(actor), content: 'Note from the matrix' }),
    update: { column: 'content', value: (k) => `Edited by ${k}` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['agentA', 'tc1', 'admin'], update: ['agentA'], delete: ['agentA', 'admin'] },
  },
  {
    name: 'folders',
    table: 'folders',
    create: (db, w) => insertRow(db, 'folders', { name: 'Disclosures', created_by: w.a.agentA.id, team_tc_id: w.a.tc1.id }),
    insert: (actor, w) => ({ id: uid(), name: 'Matrix folder', created_by: me(actor), team_tc_id: w.a.tc1.id }),
    update: { column: 'name', value: (k) => `Folder of ${k}` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['agentA', 'tc1', 'admin'], update: ['agentA', 'admin'], delete: ['agentA', 'admin'] },
  },
  {
    name: 'documents (listing)',
    table: 'documents',
    create: (db, w) =>
      insertRow(db, 'documents', { listing_id: w.f.listingA, file_name: 'disclosure.pdf', file_url: `listings/${w.f.listingA}/disclosure.pdf`, uploaded_by: w.a.agentA.id }),
    insert: (actor, w) => ({ id: uid(), listing_id: w.f.listingA, file_name: 'm.pdf', file_url: `listings/${w.f.listingA}/m.pdf`, uploaded_by: me(actor) }),
    update: { column: 'file_name', value: (k) => `${k}.pdf` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['agentA', 'tc1', 'admin'], update: ['agentA', 'admin'], delete: ['agentA', 'admin'] },
  },
  {
    name: 'documents (team)',
    table: 'documents',
    create: (db, w) =>
      insertRow(db, 'documents', { is_general: true, team_tc_id: w.a.tc1.id, file_name: 'handbook.pdf', file_url: `teams/${w.a.tc1.id}/handbook.pdf`, uploaded_by: w.a.tc1.id }),
    insert: (actor, w) => ({ id: uid(), is_general: true, team_tc_id: w.a.tc1.id, file_name: 't.pdf', file_url: `teams/${w.a.tc1.id}/t.pdf`, uploaded_by: me(actor) }),
    update: { column: 'file_name', value: (k) => `${k}-team.pdf` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['agentA', 'tc1', 'admin'], update: ['tc1', 'admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'messages (listing)',
    table: 'messages',
    create: (db, w) => insertRow(db, 'messages', { listing_id: w.f.listingA, sender_id: w.a.agentA.id, content: 'Seller signed the disclosure.' }),
    insert: (actor, w) => ({ id: uid(), listing_id: w.f.listingA, sender_id: me(actor), content: 'Matrix message' }),
    update: { column: 'content', value: (k) => `Rewritten by ${k}` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['agentA', 'tc1', 'admin'], update: ['admin'], delete: ['agentA', 'admin'] },
  },
  {
    name: 'messages (team)',
    table: 'messages',
    create: (db, w) => insertRow(db, 'messages', { is_general: true, team_tc_id: w.a.tc1.id, sender_id: w.a.tc1.id, content: 'Team call at 9.' }),
    insert: (actor, w) => ({ id: uid(), is_general: true, team_tc_id: w.a.tc1.id, sender_id: me(actor), content: 'Team matrix message' }),
    update: { column: 'content', value: (k) => `Team rewritten by ${k}` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['agentA', 'tc1', 'admin'], update: ['admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'tasks',
    table: 'tasks',
    create: (db, w) => insertRow(db, 'tasks', { listing_id: w.f.listingA, assigned_to_id: w.a.agentA.id, created_by_id: w.a.tc1.id, title: 'Upload the signed listing agreement' }),
    insert: (actor, w) => ({ id: uid(), listing_id: w.f.listingA, assigned_to_id: w.a.agentA.id, created_by_id: me(actor), title: 'Matrix task' }),
    update: { column: 'title', value: (k) => `Title by ${k}` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['tc1', 'admin'], update: ['tc1', 'admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'tc_responses',
    table: 'tc_responses',
    create: (db, w) => insertRow(db, 'tc_responses', { listing_id: w.f.listingA, tc_id: w.a.tc1.id, agent_id: w.a.agentA.id, response_type: 'note', content: 'Got it.' }),
    insert: (actor, w) => ({ id: uid(), listing_id: w.f.listingA, tc_id: me(actor), agent_id: w.a.agentA.id, response_type: 'note', content: 'Matrix reply' }),
    update: { column: 'is_read', value: () => true },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['tc1', 'admin'], update: ['agentA', 'tc1', 'admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'tc_channels',
    table: 'tc_channels',
    create: (db, w) => insertRow(db, 'tc_channels', { name: `closings-${uid().slice(0, 4)}`, created_by_id: w.a.tc1.id }),
    insert: (actor) => ({ id: uid(), name: 'matrix', created_by_id: me(actor) }),
    update: { column: 'description', value: (k) => `Described by ${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'tc2', 'admin'], update: ['tc1', 'admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'tc_channel_members',
    table: 'tc_channel_members',
    create: async (db, w) => {
      const channel = await insertRow(db, 'tc_channels', { name: `tmp-${uid().slice(0, 4)}`, created_by_id: w.a.tc1.id });
      return insertRow(db, 'tc_channel_members', { channel_id: channel, tc_id: w.f.tcExtra });
    },
    insert: (_actor, w) => ({ id: uid(), channel_id: w.f.channel, tc_id: w.a.tc2.id }),
    update: { column: 'role', value: () => 'admin' },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'admin'], update: ['tc1', 'admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'tc_team_messages (channel)',
    table: 'tc_team_messages',
    create: (db, w) => insertRow(db, 'tc_team_messages', { channel_id: w.f.channel, sender_id: w.a.tc1.id, content: 'Title company moved the closing.' }),
    insert: (actor, w) => ({ id: uid(), channel_id: w.f.channel, sender_id: me(actor), content: 'Channel matrix message' }),
    update: { column: 'content', value: (k) => `Channel edit by ${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'admin'], update: ['tc1', 'admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'tc_team_messages (general)',
    table: 'tc_team_messages',
    create: (db, w) => insertRow(db, 'tc_team_messages', { channel_id: null, sender_id: w.a.tc1.id, content: 'Good morning team.' }),
    insert: (actor) => ({ id: uid(), channel_id: null, sender_id: me(actor), content: 'General matrix message' }),
    update: { column: 'content', value: (k) => `General edit by ${k}` },
    allow: { select: ['tc1', 'tc2', 'admin'], insert: ['tc1', 'tc2', 'admin'], update: ['tc1', 'admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'tc_private_notes',
    table: 'tc_private_notes',
    create: (db, w) => insertRow(db, 'tc_private_notes', { tc_id: w.a.tc1.id, agent_id: w.a.agentA.id, content: 'Prefers calls after 4pm.' }),
    insert: (actor, w) => ({ id: uid(), tc_id: me(actor), agent_id: w.a.agentA.id, content: 'Matrix private note' }),
    update: { column: 'content', value: (k) => `Private edit by ${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'admin'], update: ['tc1'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'notifications',
    table: 'notifications',
    create: (db, w) => insertRow(db, 'notifications', { user_id: w.a.agentA.id, type: 'task', title: 'New task' }),
    insert: (_actor, w) => ({ id: uid(), user_id: w.a.agentA.id, type: 'alert', title: 'Matrix alert' }),
    update: { column: 'is_read', value: () => true },
    allow: { select: ['agentA', 'admin'], insert: ['admin'], update: ['agentA'], delete: ['agentA', 'admin'] },
  },
  {
    name: 'activity_log',
    table: 'activity_log',
    create: (db, w) => insertRow(db, 'activity_log', { user_id: w.a.agentA.id, listing_id: w.f.listingA, action: 'document_upload' }),
    insert: (actor, w) => ({ id: uid(), user_id: me(actor), listing_id: w.f.listingA, action: 'forged' }),
    update: { column: 'description', value: (k) => `Rewritten by ${k}` },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: [], update: [], delete: ['admin'] },
  },
  {
    name: 'invitations',
    table: 'invitations',
    create: (db, w) => insertRow(db, 'invitations', { email: `invitee-${uid().slice(0, 6)}@rls.test`, role: 'agent', invited_by: w.a.admin.id }),
    insert: (actor) => ({ id: uid(), email: `m-${uid().slice(0, 6)}@rls.test`, role: 'agent', invited_by: me(actor) }),
    update: { column: 'first_name', value: (k) => `Named by ${k}` },
    allow: { select: ['admin'], insert: ['admin'], update: ['admin'], delete: ['admin'] },
  },
  {
    name: 'ai_assistant',
    table: 'ai_assistant',
    create: (db, w) => insertRow(db, 'ai_assistant', { tc_id: w.a.tc1.id }),
    insert: (actor) => ({ id: uid(), tc_id: me(actor) }),
    update: { column: 'assistant_type', value: (k) => `type-${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'tc2', 'admin'], update: ['tc1'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'ai_conversations',
    table: 'ai_conversations',
    create: (db, w) => insertRow(db, 'ai_conversations', { user_id: w.a.tc1.id, role: 'user', content: 'Summarize my open tasks' }),
    insert: (actor) => ({ id: uid(), user_id: me(actor), role: 'user', content: 'Matrix question' }),
    update: { column: 'content', value: (k) => `Rewritten by ${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'tc2', 'admin'], update: ['admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'ai_interactions',
    table: 'ai_interactions',
    create: (db, w) => insertRow(db, 'ai_interactions', { user_id: w.a.tc1.id, type: 'query', input: 'hi', confidence: 0.9 }),
    insert: (actor) => ({ id: uid(), user_id: me(actor), type: 'query' }),
    update: { column: 'output', value: (k) => `Output by ${k}` },
    // Written only by the AI functions (service role): the log also enforces the rate limit.
    allow: { select: ['tc1', 'admin'], insert: [], update: [], delete: ['admin'] },
  },
  {
    name: 'ai_insights',
    table: 'ai_insights',
    create: (db, w) => insertRow(db, 'ai_insights', { user_id: w.a.tc1.id, category: 'workload', title: 'Busy week ahead' }),
    insert: (actor) => ({ id: uid(), user_id: me(actor), category: 'workload', title: 'Matrix insight' }),
    update: { column: 'title', value: (k) => `Insight by ${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'tc2', 'admin'], update: ['tc1'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'ai_workflow_patterns',
    table: 'ai_workflow_patterns',
    create: (db, w) =>
      insertRow(db, 'ai_workflow_patterns', { tc_id: w.a.tc1.id, agent_id: w.a.agentA.id, pattern_type: 'task_response_time', action_type: 'task_responded' }),
    insert: (actor, w) => ({ id: uid(), tc_id: me(actor), agent_id: w.a.agentA.id, pattern_type: 'manual', action_type: 'reminder_sent' }),
    update: { column: 'pattern_type', value: (k) => `p-${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'admin'], update: ['admin'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'ai_learning_insights',
    table: 'ai_learning_insights',
    create: (db, w) => insertRow(db, 'ai_learning_insights', { tc_id: w.a.tc1.id, agent_id: w.a.agentA.id, insight_type: 'reminder_optimization', title: 'Remind on Mondays' }),
    insert: (actor) => ({ id: uid(), tc_id: me(actor), insight_type: 'other', title: 'Matrix insight' }),
    update: { column: 'title', value: (k) => `Learned by ${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'tc2', 'admin'], update: ['tc1'], delete: ['tc1', 'admin'] },
  },
  {
    name: 'ai_learning_data',
    table: 'ai_learning_data',
    create: (db, w) => insertRow(db, 'ai_learning_data', { tc_id: w.a.tc1.id, data_type: 'response_time' }),
    insert: (actor) => ({ id: uid(), tc_id: me(actor), data_type: 'matrix' }),
    update: { column: 'data_type', value: (k) => `d-${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'tc2', 'admin'], update: ['tc1'], delete: ['tc1', 'admin'] },
  },
  {
    // The review inbox: read by the listing's agent, coordinator and super admins; written only by the inbound-email function and the review functions.
    name: 'inbound_emails',
    table: 'inbound_emails',
    create: (db, w) =>
      insertRow(db, 'inbound_emails', { listing_id: w.f.listingA, message_id: `<${uid()}@matrix.test>`, recipient: `listing-${w.f.listingA}@x.test`, sender: 'stranger@matrix.test', subject: 'Title commitment', status: 'pending_review' }),
    insert: (_actor, w) => ({ id: uid(), listing_id: w.f.listingA, message_id: `<${uid()}@forged.test>`, recipient: 'x@x.test', sender: 'forged@x.test', status: 'filed' }),
    update: { column: 'status', value: () => 'filed' },
    allow: { select: ['agentA', 'tc1', 'admin'], insert: [], update: [], delete: [] },
  },
  {
    name: 'property_research',
    table: 'property_research',
    // One row per listing: each fixture row gets its own listing of agent A (coordinator 1).
    create: async (db, w) =>
      insertRow(db, 'property_research', {
        listing_id: await insertRow(db, 'listings', { address: `${uid().slice(0, 6)} Research Rd`, agent_id: w.a.agentA.id, tc_id: w.a.tc1.id }),
      }),
    insert: (_actor, w) => ({ id: uid(), listing_id: w.f.listingA, address: 'Forged Rd' }),
    update: { column: 'research_data', value: (k) => ({ refreshedBy: k }) },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'admin'], update: ['tc1', 'admin'], delete: ['admin'] },
  },
  {
    name: 'ai_listing_descriptions',
    table: 'ai_listing_descriptions',
    create: (db, w) => insertRow(db, 'ai_listing_descriptions', { listing_id: w.f.listingA, tc_id: w.a.tc1.id, style: 'Luxury', description: 'A rare find.' }),
    insert: (actor, w) => ({ id: uid(), listing_id: w.f.listingA, tc_id: me(actor), style: 'Modern', description: 'Matrix description' }),
    update: { column: 'style', value: (k) => `style-${k}` },
    allow: { select: ['tc1', 'admin'], insert: ['tc1', 'admin'], update: ['tc1'], delete: ['tc1', 'admin'] },
  },
];

async function rowValue(table: string, key: string, id: string, column: string): Promise<unknown> {
  return withDb(async (db) => {
    const { rows } = await db.query(`select "${column}" as v from public.${table} where "${key}"::text = $1`, [id]);
    return rows.length ? rows[0].v : undefined;
  });
}

async function rowExists(table: string, key: string, id: string): Promise<boolean> {
  return withDb(async (db) => (await db.query(`select 1 from public.${table} where "${key}"::text = $1`, [id])).rowCount === 1);
}

async function removeRow(table: string, key: string, id: string): Promise<void> {
  await withDb((db) => db.query(`delete from public.${table} where "${key}"::text = $1`, [id]));
}

const normalize = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

describe('RLS matrix (supabase-js, every table × actor × command)', () => {
  const world = { a: {}, f: {} } as World;
  const results: { table: string; actor: ActorKey; op: Op; expected: boolean; actual: boolean }[] = [];

  beforeAll(async () => {
    const admin = await createActor('Admin', 'super_admin');
    const tc1 = await createActor('Coord1', 'tc');
    const tc2 = await createActor('Coord2', 'tc');
    const agentA = await createActor('AgentA', 'agent', { assignedTcId: tc1.id });
    const agentB = await createActor('AgentB', 'agent', { assignedTcId: tc2.id });
    const tcExtra = await createActor('CoordX', 'tc');
    world.a = { anon: anonActor(), agentA, agentB, tc1, tc2, admin };
    await withDb(async (db) => {
      world.f.tcExtra = tcExtra.id!;
      world.f.listingA = await insertRow(db, 'listings', { address: '412 Maple Street, Springfield', agent_id: agentA.id, tc_id: tc1.id });
      world.f.listingB = await insertRow(db, 'listings', { address: '88 Harbor View Dr, Portland', agent_id: agentB.id, tc_id: tc2.id });
      world.f.channel = await insertRow(db, 'tc_channels', { name: 'closings', created_by_id: tc1.id });
      await insertRow(db, 'active_accounts', { auth_user_id: agentA.authId, user_id: agentA.id }, 'auth_user_id');
    });
  });

  afterAll(() => {
    const rows: Record<string, Record<string, string>> = {};
    for (const r of results) {
      const label = `${r.table} ${r.op}`;
      rows[label] ??= {};
      const mark = r.actual ? 'allow' : 'deny';
      rows[label][r.actor] = r.actual === r.expected ? mark : `${mark} ✗ (expected ${r.expected ? 'allow' : 'deny'})`;
    }
    console.log(`\nRLS matrix: ${results.length} assertions, ${results.filter((r) => r.actual !== r.expected).length} mismatches`);
    console.table(rows);
  });

  for (const spec of SPECS) {
    it(`${spec.name}: ${ACTORS.length} actors × ${OPS.length} commands`, async () => {
      const key = spec.key ?? 'id';
      const w = world;
      const fixture = spec.target ? spec.target(w) : await withDb((db) => spec.create(db, w));
      const original = await rowValue(spec.table, key, fixture, spec.update.column);
      const failures: string[] = [];
      const record = (actor: ActorKey, op: Op, actual: boolean) => {
        const expected = spec.allow[op].includes(actor);
        results.push({ table: spec.name, actor, op, expected, actual });
        if (actual !== expected) failures.push(`${actor} ${op} ${spec.name}: expected ${expected ? 'allow' : 'deny'}, got ${actual ? 'allow' : 'deny'}`);
      };

      for (const k of ACTORS) {
        const client = w.a[k].client;
        // select
        const sel = await client.from(spec.table).select(key).eq(key, fixture);
        record(k, 'select', !sel.error && (sel.data?.length ?? 0) === 1);

        // insert (as themselves, in the fixture's scope)
        const payload = spec.insert(w.a[k], w);
        const ins = await client.from(spec.table).insert(payload);
        const insertedKey = String(payload[key]);
        const inserted = await rowExists(spec.table, key, insertedKey);
        record(k, 'insert', !ins.error && inserted);
        if (inserted) await removeRow(spec.table, key, insertedKey);

        // update a harmless column of the fixture row
        const value = spec.update.value(k);
        const upd = await client.from(spec.table).update({ [spec.update.column]: value }).eq(key, fixture);
        const after = normalize(await rowValue(spec.table, key, fixture, spec.update.column));
        const changed = JSON.stringify(after) !== JSON.stringify(normalize(original));
        record(k, 'update', !upd.error && changed);
        if (changed) {
          await withDb((db) => db.query(`update public.${spec.table} set "${spec.update.column}" = $1 where "${key}"::text = $2`, [original, fixture]));
        }

        // delete a fresh row of the same kind
        const victim = await withDb((db) => spec.create(db, w));
        const del = await client.from(spec.table).delete().eq(key, victim);
        const gone = !(await rowExists(spec.table, key, victim));
        record(k, 'delete', !del.error && gone);
        if (!gone) await removeRow(spec.table, key, victim);
      }
      expect(failures, `RLS rules for ${spec.name} (each line names the actor, command and rule broken)`).toEqual([]);
    });
  }

  it('covers at least 300 table × actor × command assertions', () => {
    expect(results.length, 'the matrix has at least 300 cells').toBeGreaterThanOrEqual(300);
  });
});
