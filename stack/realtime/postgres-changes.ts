/**
 * Postgres Changes: validates bindings at join (ids for the reply, in order),
 * matches captured changes to bindings (event, schema, table, filter), asks
 * RLS who may see each row, and sends the payload realtime-js expects.
 * Broadcasts written to realtime.messages by realtime.send() also arrive
 * here, in commit order, and go to their topic.
 */
import type pg from 'pg';
import type { Logger } from '../log.ts';
import { routingKey, type Member, type PgBinding, type Registry } from './channels.ts';
import type { Change } from './capture.ts';
import { FilterError, matchesFilter, parseFilter } from './filters.ts';
import { encodeText, type BroadcastMessage, type PostgresBindingRequest } from './protocol.ts';
import { keyString, VisibilityChecker, type VisibilityRequest } from './rls.ts';

let nextBindingId = 1;

export class BindingError extends Error {}

/** Turns the join's postgres_changes into bindings; throws BindingError with a reason for the join reply. */
export async function prepareBindings(pool: pg.Pool, requests: PostgresBindingRequest[]): Promise<PgBinding[]> {
  const bindings: PgBinding[] = [];
  for (const req of requests) {
    const event = req.event.toUpperCase();
    const schema = req.schema ?? 'public';
    const table = req.table ?? '*';
    const describe = `[event: ${req.event}, schema: ${schema}, table: ${table}, filters: ${req.filter ?? ''}]`;
    if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) throw new BindingError(`Unable to subscribe to changes with given parameters: invalid event ${describe}`);
    let conditions;
    try {
      conditions = parseFilter(req.filter);
    } catch (error) {
      if (error instanceof FilterError) throw new BindingError(`Unable to subscribe to changes with given parameters: ${error.message} ${describe}`);
      throw error;
    }
    if (schema !== '*' && table !== '*') {
      const { rows } = await pool.query<{ attname: string }>(
        `select a.attname from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped`,
        [schema, table],
      );
      if (rows.length === 0) throw new BindingError(`Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe}`);
      const names = new Set(rows.map((r) => r.attname));
      const unknown = conditions.find((c) => !names.has(c.column));
      if (unknown) throw new BindingError(`Unable to subscribe to changes with given parameters: invalid column for filter ${unknown.column} ${describe}`);
    } else if (conditions.length > 0 && table === '*') {
      // Filters need one table to know their column; hosted Realtime refuses them too.
      throw new BindingError(`Unable to subscribe to changes with given parameters: filters need a table ${describe}`);
    }
    const id = nextBindingId++;
    bindings.push({ id, event, schema, table, conditions, echo: { id, event: req.event, schema: req.schema, table: req.table, filter: req.filter } });
  }
  return bindings;
}

function bindingMatches(b: PgBinding, change: Change, row: Record<string, unknown>): boolean {
  if (b.event !== '*' && b.event !== change.type) return false;
  if (b.schema !== '*' && b.schema !== change.relation.schema) return false;
  if (b.table !== '*' && b.table !== change.relation.table) return false;
  return matchesFilter(b.conditions, row, change.relation.types);
}

/** The claims as RLS sees them (request.jwt.claims), cached on the identity: equal claims, equal verdicts. */
const claimsKeys = new WeakMap<object, string>();
function claimsKey(identity: { claims: object }): string {
  let key = claimsKeys.get(identity.claims);
  if (key === undefined) claimsKeys.set(identity.claims, (key = JSON.stringify(identity.claims)));
  return key;
}

interface Delivery {
  change: Change;
  member: Member;
  ids: number[];
  request: VisibilityRequest;
}

export class PostgresChangesEngine {
  private readonly visibility: VisibilityChecker;

  constructor(
    private readonly registry: Registry,
    pool: pg.Pool,
    private readonly log: Logger,
    private readonly broadcastFromDb: (key: string, msg: BroadcastMessage) => void,
  ) {
    this.visibility = new VisibilityChecker(pool, (error) => this.log.part('realtime', `RLS check failed (rows hidden): ${(error as Error).message}`));
  }

  /** Called by the capture with each batch of committed changes, in commit order. */
  async process(changes: Change[]): Promise<void> {
    const deliveries: Delivery[] = [];
    // One visibility request per (role, claims, table): subscribers acting with the same claims (tabs of one
    // session) share it, and all requests of the batch are answered in one statement (rls.ts).
    const requests = new Map<string, VisibilityRequest>();
    const pending: (Delivery | { broadcast: string; msg: BroadcastMessage })[] = [];
    for (const change of changes) {
      const { schema, table } = change.relation;
      if (schema === 'realtime' && table === 'messages') {
        const r = change.record;
        if (change.type === 'INSERT' && r && r.extension === 'broadcast' && typeof r.topic === 'string' && typeof r.event === 'string') {
          pending.push({ broadcast: routingKey(r.private === true, r.topic), msg: { event: r.event, payload: r.payload ?? {} } });
        }
        continue;
      }
      const row = change.type === 'DELETE' ? change.oldKey : (change.record ?? {});
      for (const member of this.registry.withPgBindings) {
        const ids = member.pgBindings.filter((b) => bindingMatches(b, change, row)).map((b) => b.id);
        if (ids.length === 0) continue;
        const reqKey = `${member.identity.role}\u0000${claimsKey(member.identity)}\u0000${change.relation.oid}`;
        let request = requests.get(reqKey);
        if (!request) requests.set(reqKey, (request = { identity: member.identity, relation: change.relation, keys: [] }));
        if (change.type !== 'DELETE') request.keys.push(change.keyText);
        const d = { change, member, ids, request };
        deliveries.push(d);
        pending.push(d);
      }
    }
    if (deliveries.length > 0) await this.visibility.check([...requests.values()]);
    const payloadCache = new Map<Change, string>();
    for (const item of pending) {
      if ('broadcast' in item) {
        this.broadcastFromDb(item.broadcast, item.msg);
        continue;
      }
      const { change, member, ids, request } = item;
      if (member.closed || !request.tableAllowed) continue;
      if (change.type !== 'DELETE' && !request.allRows && change.relation.primaryKey.length > 0 && !request.visible?.has(keyString(change.keyText))) continue;
      let data = payloadCache.get(change);
      if (data === undefined) payloadCache.set(change, (data = JSON.stringify(this.payloadData(change))));
      this.send(member, ids, data);
    }
  }

  private payloadData(change: Change): Record<string, unknown> {
    const { relation } = change;
    const data: Record<string, unknown> = {
      schema: relation.schema,
      table: relation.table,
      commit_timestamp: change.commitTimestamp,
      type: change.type,
      columns: relation.columns,
      errors: null,
    };
    if (relation.primaryKey.length === 0) {
      // Without a primary key RLS cannot be checked per row; hosted Realtime sends an error instead of the row.
      data.errors = ['Error 400: Bad Request, no primary key'];
      data.record = {};
      if (change.type !== 'INSERT') data.old_record = {};
      return data;
    }
    if (change.type !== 'DELETE') data.record = change.record ?? {};
    if (change.type !== 'INSERT') data.old_record = change.oldKey;
    return data;
  }

  private send(member: Member, ids: number[], dataJson: string): void {
    if (member.socket.vsn === '2.0.0') {
      // Built by hand so the (possibly large) record is serialized once per change, not per subscriber.
      member.socket.sendFrame(`[${JSON.stringify(member.joinRef)},null,${JSON.stringify(member.topic)},"postgres_changes",{"ids":${JSON.stringify(ids)},"data":${dataJson}}]`);
    } else {
      member.socket.sendFrame(encodeText('1.0.0', member.joinRef, null, member.topic, 'postgres_changes', { ids, data: JSON.parse(dataJson) }));
    }
  }
}
