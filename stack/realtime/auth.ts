/**
 * Who a channel acts for, and what a private channel lets them do.
 *
 * Tokens are checked with the gateway's verifyJwt (HS256, the stack's secret).
 * Private channels are authorized as hosted Realtime does: inside a
 * transaction that is rolled back, probe rows are written to
 * realtime.messages, then, as the caller's role and claims with
 * `realtime.topic` set, RLS decides whether they can read them (join /
 * receive) and insert new ones (send / track).
 */
import { decodeJwt } from 'jose';
import type pg from 'pg';
import { JwtError, verifyJwt, type SupabaseClaims } from '../gateway/jwt.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Identity {
  token: string;
  claims: SupabaseClaims;
  role: string;
  /** Expiry in ms since the epoch, if the token has one. */
  expiresAt?: number;
}

export class AuthError extends Error {}

export async function identify(token: string, secret: string): Promise<Identity> {
  try {
    const claims = await verifyJwt(token, secret);
    const role = claims.role && API_ROLES.has(claims.role) ? claims.role : 'anon';
    return { token, claims, role, expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : undefined };
  } catch (error) {
    if (error instanceof JwtError && error.expired) {
      let ago = 0;
      try {
        const exp = decodeJwt(token).exp;
        if (typeof exp === 'number') ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
      } catch {
        /* message only */
      }
      throw new AuthError(`Token has expired ${ago} seconds ago`);
    }
    throw new AuthError('The token provided is not a valid JWT');
  }
}

export interface ChannelPermissions {
  broadcastRead: boolean;
  broadcastWrite: boolean;
  presenceRead: boolean;
  presenceWrite: boolean;
}

export const ALL_PERMISSIONS: ChannelPermissions = { broadcastRead: true, broadcastWrite: true, presenceRead: true, presenceWrite: true };
const NO_PERMISSIONS: ChannelPermissions = { broadcastRead: false, broadcastWrite: false, presenceRead: false, presenceWrite: false };

/** RLS verdicts on realtime.messages for `topic` (the channel name without "realtime:"). */
export async function authorizePrivateChannel(pool: pg.Pool, identity: Identity, topic: string): Promise<ChannelPermissions> {
  if (identity.role === 'service_role') return ALL_PERMISSIONS;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const probes = await client.query<{ id: string; extension: string }>(
      `insert into realtime.messages (topic, extension, private, event, payload)
       values ($1, 'broadcast', true, null, '{}'), ($1, 'presence', true, null, '{}') returning id::text, extension`,
      [topic],
    );
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('realtime.topic', $3, true)`, [
      identity.role,
      JSON.stringify(identity.claims),
      topic,
    ]);
    const perms = { ...NO_PERMISSIONS };
    await client.query('savepoint probe');
    try {
      const readable = await client.query<{ extension: string }>('select extension from realtime.messages where id = any($1::uuid[])', [probes.rows.map((r) => r.id)]);
      perms.broadcastRead = readable.rows.some((r) => r.extension === 'broadcast');
      perms.presenceRead = readable.rows.some((r) => r.extension === 'presence');
    } catch {
      await client.query('rollback to savepoint probe');
    }
    for (const extension of ['broadcast', 'presence'] as const) {
      try {
        await client.query('savepoint probe');
        await client.query(`insert into realtime.messages (topic, extension, private, payload) values ($1, $2, true, '{}')`, [topic, extension]);
        if (extension === 'broadcast') perms.broadcastWrite = true;
        else perms.presenceWrite = true;
      } catch {
        await client.query('rollback to savepoint probe');
      }
    }
    return perms;
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
