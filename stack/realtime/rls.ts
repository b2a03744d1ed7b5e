/**
 * Row visibility under RLS for Postgres Changes, as hosted Realtime decides
 * it: a change is sent to a subscriber only if their role and claims may
 * SELECT the row (looked up by primary key, so a row already deleted or
 * changed out of reach is not sent), and a DELETE only if they may select
 * from the table at all. One connection, one transaction and one statement
 * per batch: inside the database each distinct (role, claims) gets one
 * primary-key lookup per table, covering every row of the batch, so the
 * service's cost per subscriber is a loop iteration, not a round trip.
 */
import type pg from 'pg';
import type { Identity } from './auth.ts';
import type { RelationInfo } from './capture.ts';

export interface VisibilityRequest {
  identity: Identity;
  relation: RelationInfo;
  /** Primary keys (text form) of inserted/updated rows to look up. */
  keys: string[][];
  /** Set by check(): SELECT on the table at all. */
  tableAllowed?: boolean;
  /** Set by check(): no RLS on the table or a role that bypasses it, so every row is visible without a lookup. */
  allRows?: boolean;
  visible?: Set<string>;
}

export const keyString = (key: string[]) => key.join('\u0000');

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class VisibilityChecker {
  constructor(
    private readonly pool: pg.Pool,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Table-level SELECT for every (role, table) of the batch in one query; not cached, so a REVOKE applies at once. */
  private async tablePrivileges(client: pg.PoolClient, requests: VisibilityRequest[]): Promise<void> {
    const pairs = new Map<string, { role: string; oid: number }>();
    for (const r of requests) pairs.set(`${r.identity.role}/${r.relation.oid}`, { role: r.identity.role, oid: r.relation.oid });
    const list = [...pairs.values()];
    const { rows } = await client.query<{ ok: boolean; all_rows: boolean }>(
      `select has_table_privilege(t.r, t.o, 'select') as ok, (not c.relrowsecurity or rl.rolbypassrls) as all_rows
         from unnest($1::text[], $2::oid[]) with ordinality as t(r, o, n)
         join pg_class c on c.oid = t.o join pg_roles rl on rl.rolname = t.r
        order by t.n`,
      [list.map((m) => m.role), list.map((m) => m.oid)],
    );
    const verdicts = new Map(list.map((m, i) => [`${m.role}/${m.oid}`, rows[i]]));
    for (const r of requests) {
      const v = verdicts.get(`${r.identity.role}/${r.relation.oid}`);
      r.tableAllowed = v?.ok ?? false;
      r.allRows = r.tableAllowed && (v?.all_rows ?? false);
    }
  }

  /**
   * Fills `visible` of every request in one statement for the whole batch
   * (`_local_stack.visible_keys`, stack/bootstrap/31-realtime-visibility.sql):
   * one primary-key lookup per table covering the batch's rows, run once per
   * request (a distinct role and claims) inside the database, instead of one
   * round trip per subscriber and table.
   */
  async check(requests: VisibilityRequest[]): Promise<void> {
    if (requests.length === 0) return;
    const client = await this.pool.connect();
    try {
      await this.tablePrivileges(client, requests);
      // Without RLS in play no lookup is needed, and a row deleted right after its insert still reaches
      // the subscriber; with RLS, as on hosted Realtime, the row is checked as it is now.
      const lookups = requests.filter((r) => {
        r.visible = new Set();
        return r.tableAllowed && !r.allRows && r.keys.length > 0 && r.relation.primaryKey.length > 0;
      });
      if (lookups.length === 0) return;
      const tables = new Map<number, { index: number; relation: RelationInfo; keys: Map<string, string[]> }>();
      for (const r of lookups) {
        let table = tables.get(r.relation.oid);
        if (!table) tables.set(r.relation.oid, (table = { index: tables.size + 1, relation: r.relation, keys: new Map() }));
        for (const key of r.keys) table.keys.set(keyString(key), key);
      }
      const list = [...tables.values()];
      const checks = lookups.map((r) => ({ q: tables.get(r.relation.oid)!.index, role: r.identity.role, claims: JSON.stringify(r.identity.claims) }));
      await client.query('begin');
      const rows = await client
        .query<{ check_index: number; key: string[] | null; error: string | null }>(
          'select check_index, key, error from _local_stack.visible_keys($1::text[], $2::jsonb[], $3::jsonb)',
          [list.map((t) => lookupSql(t.relation)), list.map((t) => JSON.stringify([...t.keys.values()])), JSON.stringify(checks)],
        )
        .then((res) => res.rows)
        .catch((error: unknown) => {
          // The whole check failed: every row of the batch stays hidden (fail closed); broadcasts still go out.
          this.onError(error);
          return [];
        });
      for (const row of rows) {
        // A policy that errors hides that subscriber's rows (fail closed).
        if (row.error !== null) this.onError(new Error(row.error));
        else if (row.key) lookups[row.check_index - 1].visible!.add(keyString(row.key));
      }
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  }
}

/** The rows among $2 (a JSON array of primary keys in text form) the current role and claims may select, as (check index $1, key). */
function lookupSql(relation: RelationInfo): string {
  const pk = relation.primaryKey;
  const cols = pk.map((p) => quoteIdent(p.name));
  return (
    `select $1::int, jsonb_build_array(${cols.map((c) => `${c}::text`).join(', ')}), null::text` +
    ` from ${quoteIdent(relation.schema)}.${quoteIdent(relation.table)}` +
    ` where (${cols.join(', ')}) in (select ${pk.map((p, i) => `(k ->> ${i})::${p.sqlType}`).join(', ')} from jsonb_array_elements($2) k)`
  );
}
