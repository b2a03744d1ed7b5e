/**
 * Row visibility under RLS for Postgres Changes, as hosted Realtime decides
 * it: a change is sent to a subscriber only if their role and claims may
 * SELECT the row (looked up by primary key, so a row already deleted or
 * changed out of reach is not sent), and a DELETE only if they may select
 * from the table at all. One connection and one transaction per batch;
 * each distinct token gets one set_config and one query per table, covering
 * every row of the batch.
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

  async check(requests: VisibilityRequest[]): Promise<void> {
    if (requests.length === 0) return;
    const client = await this.pool.connect();
    try {
      await this.tablePrivileges(client, requests);
      await client.query('begin');
      for (const r of requests) {
        r.visible = new Set();
        // Without RLS in play no lookup is needed, and a row deleted right after its insert still reaches
        // the subscriber; with RLS, as on hosted Realtime, the row is checked as it is now.
        if (!r.tableAllowed || r.allRows || r.keys.length === 0 || r.relation.primaryKey.length === 0) continue;
        const pk = r.relation.primaryKey;
        const cols = pk.map((p) => quoteIdent(p.name));
        const unnest = pk.map((p, i) => `$${i + 1}::text[]::${p.sqlType}[]`).join(', ');
        const sql =
          `select ${cols.map((c) => `${c}::text`).join(', ')} from ${quoteIdent(r.relation.schema)}.${quoteIdent(r.relation.table)}` +
          ` where (${cols.join(', ')}) in (select * from unnest(${unnest}))`;
        try {
          await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [r.identity.role, JSON.stringify(r.identity.claims)]);
          const res = await client.query({ text: sql, values: pk.map((_, i) => r.keys.map((k) => k[i])), rowMode: 'array' });
          for (const row of res.rows as string[][]) r.visible.add(keyString(row));
        } catch (error) {
          // A policy that errors hides the rows (fail closed); start a clean transaction for the rest.
          this.onError(error);
          await client.query('rollback');
          await client.query('begin');
        }
      }
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  }
}
