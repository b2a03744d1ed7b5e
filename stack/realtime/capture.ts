/**
 * Change capture by logical replication: one pgoutput slot per gateway start
 * (stale inactive ones from a killed gateway are dropped first, ours is
 * dropped on close), reading the `supabase_realtime` publication (tables that
 * emit Postgres Changes, as on Supabase) and
 * `supabase_realtime_messages_publication` (realtime.messages, for
 * broadcasts sent from the database).
 *
 * Messages are queued in arrival order and handed over as whole committed
 * transactions, one batch at a time, so per-table order is kept and a burst
 * is processed in a few batches instead of one round trip per row.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from 'pg-logical-replication';
import type { Logger } from '../log.ts';
import { convertValue } from './values.ts';

export const PUBLICATIONS = ['supabase_realtime', 'supabase_realtime_messages_publication'];
const SLOT_PREFIX = 'listingdesk_realtime_';

export interface RelationInfo {
  oid: number;
  schema: string;
  table: string;
  /** Column name -> pg_type.typname ("int8", "_text", "timestamptz", ...), in table order. */
  types: Map<string, string>;
  columns: { name: string; type: string }[];
  /** Primary key columns with their SQL type (for casts in RLS checks); empty without a primary key. */
  primaryKey: { name: string; sqlType: string }[];
}

export interface Change {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  relation: RelationInfo;
  /** Typed new row (INSERT/UPDATE). */
  record?: Record<string, unknown>;
  /** Typed old primary key (UPDATE/DELETE). */
  oldKey: Record<string, unknown>;
  /** Text form of the primary key of the row to look up under RLS. */
  keyText: string[];
  commitTimestamp: string;
}

interface RawChange {
  tag: 'insert' | 'update' | 'delete';
  rel: Pgoutput.MessageRelation;
  newRow: Record<string, string | null> | null;
  oldRow: Record<string, string | null> | null;
}

interface RawTransaction {
  /** The 32-bit transaction id pgoutput sends with 'begin'. */
  xid: number;
  commitTime: bigint;
  changes: RawChange[];
}

/** How long a batch waits for its transactions to become visible before it is checked anyway. */
const VISIBILITY_WAIT_MS = 2000;

/**
 * True when every transaction id ($1, 32-bit as pgoutput sends them) is visible
 * to a snapshot taken now. The full id is rebuilt from the epoch of the
 * snapshot's xmax (the next id to be assigned; ids of committed transactions
 * lie below it).
 */
const ALL_VISIBLE_SQL = `
  select coalesce(bool_and(pg_visible_in_snapshot(
           (case when (epoch | x) >= next_xid then (epoch | x) - 4294967296 else (epoch | x) end)::text::xid8, snap)), true) as visible
    from (select snap, pg_snapshot_xmax(snap)::text::bigint as next_xid, (pg_snapshot_xmax(snap)::text::bigint >> 32) << 32 as epoch
            from (select pg_current_snapshot() as snap) s) n,
         unnest($1::bigint[]) x`;

export class ChangeCapture {
  private service?: LogicalReplicationService;
  private readonly slot = `${SLOT_PREFIX}${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  private current?: RawTransaction;
  private readonly queue: RawTransaction[] = [];
  private draining = false;
  private readonly typeNames = new Map<number, string>();
  private readonly relations = new WeakMap<Pgoutput.MessageRelation, RelationInfo>();
  private stopped = false;
  running = false;
  lastError?: string;

  constructor(
    private readonly pool: pg.Pool,
    private readonly dbUrl: string,
    private readonly log: Logger,
    private readonly onChanges: (changes: Change[]) => Promise<void>,
  ) {}

  async start(): Promise<void> {
    // Slots left by a gateway that was killed would hold WAL forever.
    await this.pool.query(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name like $1 and not active`, [`${SLOT_PREFIX}%`]);
    await this.pool.query(`select pg_create_logical_replication_slot($1, 'pgoutput')`, [this.slot]);
    await this.connect();
  }

  private async connect(): Promise<void> {
    const plugin = new PgoutputPlugin({ protoVersion: 1, publicationNames: PUBLICATIONS });
    // Keep values as the text pgoutput sends: conversion needs the type names (values.ts), not pg's global parsers.
    const parse = plugin.parse.bind(plugin);
    plugin.parse = (buffer: Buffer) => {
      const msg = parse(buffer);
      if (msg.tag === 'relation') for (const col of msg.columns) col.parser = (raw: unknown) => raw;
      return msg;
    };
    const service = new LogicalReplicationService({ connectionString: this.dbUrl, application_name: 'listingdesk-realtime' }, { acknowledge: { auto: true, timeoutSeconds: 10 } });
    this.service = service;
    service.on('data', (_lsn: string, msg: Pgoutput.Message) => this.onMessage(msg));
    service.on('error', (error: Error) => this.onError(error));
    const started = new Promise<void>((resolve) => service.once('start', () => resolve()));
    service.subscribe(plugin, this.slot).catch((error: Error) => this.onError(error));
    await started;
    this.running = true;
  }

  private onError(error: Error): void {
    if (this.stopped) return;
    this.running = false;
    this.lastError = error.message;
    this.log.part('realtime', `replication error: ${error.message}; reconnecting in 1 s`);
    setTimeout(() => {
      if (this.stopped) return;
      void this.service
        ?.stop()
        .catch(() => undefined)
        .then(() => this.connect())
        .catch((e: Error) => this.onError(e));
    }, 1000).unref();
  }

  private onMessage(msg: Pgoutput.Message): void {
    switch (msg.tag) {
      case 'begin':
        this.current = { xid: msg.xid, commitTime: msg.commitTime as bigint, changes: [] };
        break;
      case 'insert':
        this.current?.changes.push({ tag: 'insert', rel: msg.relation, newRow: msg.new, oldRow: null });
        break;
      case 'update':
        this.current?.changes.push({ tag: 'update', rel: msg.relation, newRow: msg.new, oldRow: msg.old ?? msg.key });
        break;
      case 'delete':
        this.current?.changes.push({ tag: 'delete', rel: msg.relation, newRow: null, oldRow: msg.old ?? msg.key });
        break;
      case 'commit':
        if (this.current && this.current.changes.length > 0) this.queue.push(this.current);
        this.current = undefined;
        void this.drain();
        break;
    }
  }

  /** Hands queued transactions over in order, one batch at a time. */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.queue.length);
        try {
          const changes: Change[] = [];
          for (const tx of batch) {
            const commitTimestamp = new Date(Number(tx.commitTime / 1000n)).toISOString();
            for (const raw of tx.changes) changes.push(await this.toChange(raw, commitTimestamp));
          }
          await this.waitUntilVisible(batch.map((tx) => tx.xid));
          await this.onChanges(changes);
        } catch (error) {
          this.log.part('realtime', `dropping a batch of changes after an error: ${(error as Error).stack ?? error}`);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * Waits until the batch's transactions are visible to other sessions. The
   * commit record reaches logical decoding once it is flushed, a moment before
   * the committing backend leaves the proc array; a visibility check (a lookup
   * by primary key) run in that moment would not find an inserted row and would
   * hide it from every subscriber. On a loaded machine the moment lasts
   * milliseconds; waiting for visibility means a change is never dropped only
   * because it was checked too early.
   */
  private async waitUntilVisible(xids: number[]): Promise<void> {
    const deadline = Date.now() + VISIBILITY_WAIT_MS;
    for (;;) {
      const { rows } = await this.pool.query<{ visible: boolean }>(ALL_VISIBLE_SQL, [xids]);
      if (rows[0]?.visible || Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  private async relationInfo(rel: Pgoutput.MessageRelation): Promise<RelationInfo> {
    const known = this.relations.get(rel);
    if (known) return known;
    const missing = rel.columns.filter((c) => !this.typeNames.has(c.typeOid)).map((c) => c.typeOid);
    if (missing.length > 0) {
      const { rows } = await this.pool.query<{ oid: number; typname: string }>('select oid::int, typname from pg_type where oid = any($1::oid[])', [missing]);
      for (const r of rows) this.typeNames.set(r.oid, r.typname);
    }
    const { rows: pk } = await this.pool.query<{ name: string; sql_type: string }>(
      `select a.attname as name, format_type(a.atttypid, a.atttypmod) as sql_type
         from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = $1 and i.indisprimary order by array_position(i.indkey, a.attnum)`,
      [rel.relationOid],
    );
    const columns = rel.columns.map((c) => ({ name: c.name, type: this.typeNames.get(c.typeOid) ?? c.typeName ?? 'text' }));
    const info: RelationInfo = {
      oid: rel.relationOid,
      schema: rel.schema,
      table: rel.name,
      columns,
      types: new Map(columns.map((c) => [c.name, c.type])),
      primaryKey: pk.map((p) => ({ name: p.name, sqlType: p.sql_type })),
    };
    this.relations.set(rel, info);
    return info;
  }

  private async toChange(raw: RawChange, commitTimestamp: string): Promise<Change> {
    const relation = await this.relationInfo(raw.rel);
    const typed = (row: Record<string, string | null>, only?: string[]) => {
      const out: Record<string, unknown> = {};
      for (const name of only ?? Object.keys(row)) {
        // Unchanged TOAST values arrive as undefined; they are left out rather than sent as null.
        if (row[name] !== undefined) out[name] = convertValue(relation.types.get(name) ?? 'text', row[name]);
      }
      return out;
    };
    const pkNames = relation.primaryKey.map((p) => p.name);
    const keySource = raw.newRow ?? raw.oldRow ?? {};
    const oldSource = raw.oldRow ?? raw.newRow ?? {};
    return {
      type: raw.tag === 'insert' ? 'INSERT' : raw.tag === 'update' ? 'UPDATE' : 'DELETE',
      relation,
      record: raw.newRow ? typed(raw.newRow) : undefined,
      oldKey: raw.tag === 'insert' ? {} : typed(oldSource, pkNames.filter((n) => n in oldSource)),
      keyText: pkNames.map((n) => keySource[n] ?? ''),
      commitTimestamp,
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.running = false;
    await this.service?.destroy().catch(() => undefined);
    // The walsender may need a moment to release the slot after the connection closes.
    for (let i = 0; i < 20; i++) {
      try {
        await this.pool.query('select pg_drop_replication_slot($1) from pg_replication_slots where slot_name = $1', [this.slot]);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    this.log.part('realtime', `could not drop replication slot ${this.slot}; the next start drops it`);
  }
}
