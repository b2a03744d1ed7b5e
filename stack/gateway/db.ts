/**
 * Running SQL as the caller: inside one transaction, switch to the JWT's role
 * and publish its claims in `request.jwt.claims`, exactly as PostgREST does,
 * so RLS policies written for hosted Supabase decide here too.
 */
import type pg from 'pg';
import type { SupabaseClaims } from './jwt.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** Runs `work` in one transaction on a pooled connection, rolling back on any error. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** `settings`: further transaction-local settings a service sets for each request (e.g. Storage's storage.allow_delete_query). */
export async function withClaims<T>(
  pool: pg.Pool,
  claims: SupabaseClaims,
  work: (client: pg.PoolClient) => Promise<T>,
  settings: Record<string, string> = {},
): Promise<T> {
  const role = claims.role && API_ROLES.has(claims.role) ? claims.role : 'anon';
  const values = [role, JSON.stringify(claims), ...Object.entries(settings).flat()];
  const extra = Object.keys(settings).map((_, i) => `, set_config($${3 + 2 * i}, $${4 + 2 * i}, true)`).join('');
  return inTransaction(pool, async (client) => {
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)${extra}`, values);
    return work(client);
  });
}
