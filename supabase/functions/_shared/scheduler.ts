/**
 * The check of functions only the scheduler calls (verify_jwt = false; pg_cron
 * through pg_net on hosted Supabase, the local stack's timer in stack/jobs.ts):
 * the bearer token must be the service role key, compared here without
 * leaking where a wrong key first differs. A signed-in person's token is 403,
 * anything else 401.
 */
import { HttpError } from './http.ts';
import { plausibleClaims } from './token.ts';

const encoder = new TextEncoder();

/** Compares without leaking where the first difference is. */
function sameText(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/**
 * 401 without the service role key, 403 for a signed-in person's token.
 * `what` completes the answers: "the scheduler (service role) sends <what>".
 */
export function requireScheduler(req: Request, what: string): void {
  const token = req.headers.get('Authorization')?.replace(/^Bearer\s+/i, '').trim() ?? '';
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  if (token && serviceKey && sameText(token, serviceKey)) return;
  if (token && plausibleClaims(token)) throw new HttpError(403, 'forbidden', `only the scheduler (service role) sends ${what}`);
  throw new HttpError(401, 'unauthorized', `${what} are sent by the scheduler with the service role key`);
}
