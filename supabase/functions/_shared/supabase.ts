/**
 * Supabase clients inside a function. The per-request client forwards the
 * caller's Authorization header, so PostgREST, storage and RLS see the caller,
 * not the function; the admin client bypasses RLS and must stay server-side.
 */
import { createClient, type SupabaseClient } from './deps.ts';
import { HttpError } from './http.ts';
import { type TokenUser, verifyAccessToken } from './token.ts';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

// Functions are stateless per request: no session storage, no refresh timers.
const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/** A client acting as the holder of this access token (RLS sees that user). */
export function createTokenClient(token: string): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    auth: serverAuth,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export function createUserClient(req: Request): SupabaseClient {
  const authorization = req.headers.get('Authorization');
  return createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    auth: serverAuth,
    global: { headers: authorization ? { Authorization: authorization } : {} },
  });
}

export function createAdminClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), { auth: serverAuth });
}

/**
 * The signed-in caller, or a 401 HttpError. The relay's JWT check (verify_jwt)
 * only proves a key signed the token, not that it is a signed-in person's
 * current token for this project's API (token.ts checks that too).
 */
export async function requireUser(req: Request): Promise<TokenUser> {
  const token = req.headers.get('Authorization')?.replace(/^Bearer\s+/i, '');
  const user = token ? await verifyAccessToken(token) : null;
  if (!user) throw new HttpError(401, 'unauthorized', 'Sign in first');
  return user;
}
