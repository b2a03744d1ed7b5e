/**
 * Health of the backend as a function sees it: the REST, auth, storage and
 * realtime APIs reached through SUPABASE_URL (the way other functions reach
 * them) and the database through SUPABASE_DB_URL. `verify_jwt = false` in
 * config.toml, so monitors can call it without a token; it reveals only
 * up/down, status codes and latencies.
 *
 * Answers 200 `{ ok: true, services, checkedAt }` when everything is up and
 * 503 with the same body otherwise, so a plain HTTP monitor needs no parsing.
 * A signed-in super admin's call also gets `restApi` (PostgREST's version,
 * the schema's title and how many endpoints it exposes) for the admin's
 * System Status: the REST root that describes them is served only with the
 * service role key (as on hosted Supabase), so the browser cannot read it.
 */
import { actingAccount, isSuperAdmin } from '../_shared/account.ts';
import { pg } from '../_shared/deps.ts';
import { handler, json } from '../_shared/http.ts';
import { createTokenClient } from '../_shared/supabase.ts';
import { plausibleClaims } from '../_shared/token.ts';

interface ServiceState {
  ok: boolean;
  latencyMs: number;
  status?: number;
  error?: string;
}

const TIMEOUT_MS = 3000;

async function timed(check: () => Promise<{ ok: boolean; status?: number; error?: string }>): Promise<ServiceState> {
  const started = performance.now();
  try {
    const result = await check();
    return { ...result, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  }
}

/** One HTTP check: up means any answer below 500 we expect from a working service. */
async function http(url: string, key: string): Promise<{ ok: boolean; status: number; error?: string }> {
  const res = await fetch(url, { headers: { apikey: key, Authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  await res.body?.cancel();
  return res.ok ? { ok: true, status: res.status } : { ok: false, status: res.status, error: `HTTP ${res.status}` };
}

/** Realtime is up when its socket accepts a connection and answers a Phoenix heartbeat. */
function realtime(baseUrl: string, key: string): Promise<{ ok: boolean; error?: string }> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(key)}&vsn=1.0.0`;
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    const finish = (result: { ok: boolean; error?: string }) => {
      clearTimeout(timer);
      try {
        socket.close();
      } catch {
        /* already closed */
      }
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, error: `no heartbeat reply within ${TIMEOUT_MS} ms` }), TIMEOUT_MS);
    socket.onopen = () => socket.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'health' }));
    socket.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data));
        if (message.ref === 'health') finish(message.payload?.status === 'ok' ? { ok: true } : { ok: false, error: `heartbeat answered ${JSON.stringify(message.payload)}` });
      } catch {
        finish({ ok: false, error: 'unreadable heartbeat reply' });
      }
    };
    socket.onerror = (event) => finish({ ok: false, error: (event as ErrorEvent).message || 'websocket error' });
    socket.onclose = (event) => finish({ ok: false, error: `socket closed (${event.code})` });
  });
}

async function database(dbUrl: string): Promise<{ ok: boolean; error?: string }> {
  // One short-lived connection: a health check must not hold a pool open between calls.
  const client = new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: TIMEOUT_MS, query_timeout: TIMEOUT_MS });
  try {
    await client.connect();
    const { rows } = await client.query<{ ok: number }>('select 1 as ok');
    return rows[0]?.ok === 1 ? { ok: true } : { ok: false, error: 'unexpected answer to select 1' };
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface RestApiFacts {
  version: string;
  schemaTitle: string;
  endpointCount: number;
}

/** True when the request carries a signed-in super admin's token (the database decides; any doubt is a no). */
async function callerIsSuperAdmin(req: Request): Promise<boolean> {
  const token = req.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  if (!plausibleClaims(token)) return false;
  try {
    const account = await actingAccount(createTokenClient(token));
    return account !== null && isSuperAdmin(account);
  } catch {
    return false;
  }
}

/** What PostgREST says about itself at its root, read with the service role key. */
async function restApiFacts(url: string, service: string): Promise<RestApiFacts | null> {
  try {
    const res = await fetch(`${url}/rest/v1/`, {
      headers: { apikey: service, Authorization: `Bearer ${service}`, Accept: 'application/openapi+json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const document = (await res.json()) as { info?: { title?: unknown; version?: unknown }; paths?: Record<string, unknown> };
    if (typeof document.info?.version !== 'string' || typeof document.info.title !== 'string') return null;
    return {
      version: document.info.version,
      schemaTitle: document.info.title,
      endpointCount: Object.keys(document.paths ?? {}).filter((path) => path !== '/').length,
    };
  } catch {
    return null;
  }
}

Deno.serve(
  handler(async (req) => {
    const url = Deno.env.get('SUPABASE_URL') ?? '';
    const anon = Deno.env.get('SUPABASE_ANON_KEY') ?? '';
    const service = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
    const dbUrl = Deno.env.get('SUPABASE_DB_URL') ?? '';

    const [rest, auth, storage, rt, db] = await Promise.all([
      // The root needs the service role key (hosted answers 403 to the anon key there).
      timed(() => http(`${url}/rest/v1/`, service)),
      timed(() => http(`${url}/auth/v1/health`, anon)),
      timed(() => http(`${url}/storage/v1/bucket`, service)),
      timed(() => realtime(url, anon)),
      timed(() => database(dbUrl)),
    ]);
    const services = { rest, auth, storage, realtime: rt, db };
    const ok = Object.values(services).every((s) => s.ok);
    const restApi = rest.ok && (await callerIsSuperAdmin(req)) ? await restApiFacts(url, service) : null;
    return json({ ok, services, checkedAt: new Date().toISOString(), ...(restApi ? { restApi } : {}) }, ok ? 200 : 503, {
      'Cache-Control': 'no-store',
    });
  }),
);
