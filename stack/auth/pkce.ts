/**
 * PKCE flow states (auth.flow_state). When a client in `flowType: 'pkce'`
 * asks for an e-mail link it sends a code challenge; the link then redirects
 * with `?code=<auth_code>` instead of tokens in the fragment, and only the
 * holder of the matching code verifier can turn that code into a session.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from './context.ts';
import { badRequest, notFound } from './errors.ts';

/** How long a code stays redeemable after the link was followed (GoTrue's default flow state expiry). */
const FLOW_STATE_TTL_MS = 5 * 60 * 1000;

export const codeChallengeFields = {
  code_challenge: z.string().min(1).max(256).nullish(),
  code_challenge_method: z.string().nullish(),
};

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** The challenge of a request body, if it started a PKCE flow; GoTrue requires both parts. */
export function pkceChallenge(body: { code_challenge?: string | null; code_challenge_method?: string | null }): PkceChallenge | undefined {
  if (!body.code_challenge) return undefined;
  const method = body.code_challenge_method?.toLowerCase();
  if (method !== 's256' && method !== 'plain') throw badRequest('validation_failed', 'code challenge method not supported');
  return { challenge: body.code_challenge, method };
}

export async function createFlowState(db: Db, userId: string, pkce: PkceChallenge, authenticationMethod: string): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
    [crypto.randomUUID(), userId, crypto.randomUUID(), pkce.method, pkce.challenge, authenticationMethod],
  );
}

/** Called when the e-mail link is followed: hands out the newest flow's auth code. */
export async function issueAuthCode(db: Db, userId: string, authenticationMethod: string): Promise<string | undefined> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
     returning auth_code`,
    [userId, authenticationMethod],
  );
  return rows[0]?.auth_code;
}

const flowStateNotFound = () => notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');

/** Redeems an auth code with its verifier (once), returning the user it was issued for. */
export async function redeemAuthCode(db: Db, authCode: string, codeVerifier: string): Promise<{ userId: string; authenticationMethod: string }> {
  const { rows } = await db.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    code_challenge_method: string;
    auth_code_issued_at: Date | null;
    authentication_method: string;
  }>('select * from auth.flow_state where auth_code = $1 for update', [authCode]);
  const flow = rows[0];
  if (!flow?.user_id || !flow.auth_code_issued_at) throw flowStateNotFound();
  if (Date.now() - flow.auth_code_issued_at.getTime() > FLOW_STATE_TTL_MS) {
    await db.query('delete from auth.flow_state where id = $1', [flow.id]);
    throw badRequest('flow_state_expired', 'Flow state has expired');
  }
  const expected = flow.code_challenge_method === 'plain' ? codeVerifier : crypto.createHash('sha256').update(codeVerifier).digest('base64url');
  if (expected !== flow.code_challenge) throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  await db.query('delete from auth.flow_state where id = $1', [flow.id]);
  return { userId: flow.user_id, authenticationMethod: flow.authentication_method };
}
