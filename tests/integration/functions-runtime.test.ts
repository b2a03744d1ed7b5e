/**
 * Edge Functions runtime: the functions service, with real Deno, serving a temp
 * copy of the fixture functions (tests/fixtures/functions + the real
 * supabase/functions/_shared) behind its own gateway port, while using the
 * throwaway stack's database, keys and API URL. Test-only functions thus never
 * appear in supabase/functions, and editing them cannot disturb other tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PROJECT_ROOT, resolveConfig } from '../../stack/config.ts';
import { createFunctionsService } from '../../stack/functions/service.ts';
import { startGateway, type Gateway } from '../../stack/gateway/server.ts';
import type { GatewayService, ServiceContext } from '../../stack/gateway/types.ts';
import { createLogger } from '../../stack/log.ts';
import { ownedTempDir, type OwnedTempDir } from '../../stack/temp-dirs.ts';
import { mintedUser, stackInfo, type TestUser } from '../support/clients.ts';

const noSession = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly.
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
} as const;

/** The JSON body of a non-2xx invoke, which functions-js leaves in error.context. */
async function errorBody(error: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  expect(error, 'a non-2xx answer surfaces as FunctionsHttpError').toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('Edge Functions runtime (fixture functions on real Deno)', () => {
  const info = stackInfo();
  let tmp: string;
  let tmpFolder: OwnedTempDir | undefined;
  let supabaseDir: string;
  let service: GatewayService;
  let gateway: Gateway;
  let pool: pg.Pool;
  let logFile: string;
  let anon: SupabaseClient;
  let user: TestUser;
  let asUser: SupabaseClient;
  const configToml = (echoVerifyJwt: boolean) => `[functions.echo]\nverify_jwt = ${echoVerifyJwt}\n`;

  beforeAll(async () => {
    tmpFolder = ownedTempDir('listingdesk-functions-');
    tmp = tmpFolder.path;
    supabaseDir = path.join(tmp, 'supabase');
    const functionsDir = path.join(supabaseDir, 'functions');
    fs.cpSync(path.join(PROJECT_ROOT, 'tests', 'fixtures', 'functions'), functionsDir, { recursive: true });
    fs.cpSync(path.join(PROJECT_ROOT, 'supabase', 'functions', '_shared'), path.join(functionsDir, '_shared'), { recursive: true });
    fs.copyFileSync(path.join(PROJECT_ROOT, 'supabase', 'functions', 'deno.json'), path.join(functionsDir, 'deno.json'));
    fs.writeFileSync(path.join(functionsDir, '.env'), '# secrets for the fixtures\nFIXTURE_SECRET="from .env"\nSUPABASE_URL=http://must-not-override\n');
    fs.writeFileSync(path.join(supabaseDir, 'config.toml'), configToml(true));

    const api = new URL(info.apiUrl);
    const db = new URL(info.dbUrl);
    const base = await resolveConfig({ dataDir: path.join(tmp, 'data'), apiPort: Number(api.port), dbPort: Number(db.port), jwtSecret: info.jwtSecret });
    const config = { ...base, supabaseDir, functionsDir, configFile: path.join(supabaseDir, 'config.toml') };
    const log = createLogger(config.logDir, { quiet: true });
    logFile = log.logFile('functions');
    pool = new pg.Pool({ connectionString: info.dbUrl, max: 1 });
    const ctx: ServiceContext = { config, pool, log, mail: { send: async () => undefined }, restUrl: '' };
    service = await createFunctionsService(ctx);
    // Own port for the fixture gateway; the functions still get the real stack's API URL.
    gateway = await startGateway({ ...ctx, config: { ...config, apiPort: 0 } }, [{ prefix: '/functions/v1', service, requiresApiKey: false }]);

    anon = createClient(gateway.url, info.anonKey, noSession);
    user = await mintedUser();
    asUser = createClient(gateway.url, info.anonKey, { ...noSession, accessToken: async () => user.accessToken });
  });

  afterAll(async () => {
    await gateway?.close();
    await service?.close?.();
    await pool?.end();
    tmpFolder?.remove();
  });

  it('boots a function on first use and serves a signed-in caller; a warm call reuses the worker', async () => {
    let started = performance.now();
    const cold = await asUser.functions.invoke('echo', { body: { hello: 'world' } });
    const coldMs = performance.now() - started;
    expect(cold.error, 'a valid user JWT is let through to the function').toBeNull();
    expect(cold.data.claims?.sub, "the caller's Authorization header reaches the function unchanged").toBe(user.id);

    started = performance.now();
    const warm = await asUser.functions.invoke('echo', { body: { hello: 'again' } });
    const warmMs = performance.now() - started;
    expect(warm.error, 'the warm worker answers too').toBeNull();
    console.info(`functions: cold invoke ${Math.round(coldMs)} ms, warm invoke ${Math.round(warmMs)} ms`);
    // The worker's boot id, not the time: beside a CPU-heavy process a reused worker once took 1.3 s to answer.
    expect(warm.data.bootId, 'a warm worker is reused, not booted again per request').toBe(cold.data.bootId);
  }, 120_000);

  it('forwards method, sub-path, query, headers and a JSON body, and answers with CORS headers', async () => {
    const post = await asUser.functions.invoke('echo/listings/42?q=a%20b&tag=x&tag=y', { body: { title: 'Flat', price: 1200 }, headers: { 'X-Custom': 'kept' } });
    expect(post.error, 'POST with a sub-path succeeds').toBeNull();
    expect(post.data.method, 'invoke defaults to POST and the method is forwarded').toBe('POST');
    expect(post.data.path, 'the function sees /<name>/<sub-path>, as on Supabase').toBe('/echo/listings/42');
    expect(post.data.search, 'the query string is forwarded verbatim').toBe('?q=a%20b&tag=x&tag=y');
    expect(post.data.body, 'the JSON body is echoed').toEqual({ title: 'Flat', price: 1200 });
    expect(post.data.contentType, 'the JSON content type set by supabase-js arrives').toBe('application/json');
    expect(post.data.custom, 'per-call headers are forwarded').toBe('kept');

    const get = await asUser.functions.invoke('echo/only-query?x=1', { method: 'GET' });
    expect(get.data?.method, 'GET is forwarded as GET').toBe('GET');
    expect(get.data?.query, 'query parameters arrive parsed by the function').toEqual({ x: '1' });

    const res = await fetch(`${gateway.url}/functions/v1/echo`, { method: 'PUT', headers: { Authorization: `Bearer ${user.accessToken}`, Origin: 'http://localhost:5173' }, body: 'plain text' });
    const body = await res.json();
    expect(body.body, 'a text body is streamed through unchanged').toBe('plain text');
    expect(res.headers.get('access-control-allow-origin'), "function answers carry CORS headers (the function's own win)").toBe('*');
  });

  it('refuses a missing or tampered JWT with the relay answers, before the function runs', async () => {
    const none = await fetch(`${gateway.url}/functions/v1/echo`, { method: 'POST' });
    expect(none.status, 'no Authorization header → 401').toBe(401);
    expect(await none.json(), 'the relay wording for a missing header').toEqual({ code: 401, message: 'Missing authorization header' });

    const [h, p] = user.accessToken.split('.');
    const tampered = `${h}.${p}.${Buffer.from('not the signature').toString('base64url')}`;
    const bad = await anon.functions.invoke('echo', { headers: { Authorization: `Bearer ${tampered}` } });
    expect(await errorBody(bad.error), 'a tampered signature → 401 Invalid JWT').toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });

    const forged = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const noneAlg = await anon.functions.invoke('echo', { headers: { Authorization: `Bearer ${forged}` } });
    expect((await errorBody(noneAlg.error)).status, 'an alg:none token → 401').toBe(401);

    const withAnonKey = await anon.functions.invoke('echo', { body: {} });
    expect(withAnonKey.error, 'the anon key is a valid JWT, as on Supabase').toBeNull();
    expect(withAnonKey.data.claims?.role, 'the function sees the anon role').toBe('anon');
  });

  it('honours verify_jwt = false from config.toml, re-read on every request', async () => {
    fs.writeFileSync(path.join(supabaseDir, 'config.toml'), configToml(false));
    try {
      const open = await fetch(`${gateway.url}/functions/v1/echo/open`, { method: 'POST' });
      expect(open.status, 'with verify_jwt = false a request without a token reaches the function').toBe(200);
      expect((await open.json()).claims, 'and the function sees no caller').toBeNull();
    } finally {
      fs.writeFileSync(path.join(supabaseDir, 'config.toml'), configToml(true));
    }
    const closed = await fetch(`${gateway.url}/functions/v1/echo/open`, { method: 'POST' });
    expect(closed.status, 'switching verify_jwt back on takes effect without a restart').toBe(401);
  });

  it('gives the function the Supabase variables and the .env secrets', async () => {
    const { data, error } = await asUser.functions.invoke('echo', { method: 'GET' });
    expect(error, 'echo answers').toBeNull();
    expect(data.env.SUPABASE_URL, 'SUPABASE_URL is the API URL (and .env cannot override it)').toBe(info.apiUrl);
    expect(data.env.SUPABASE_ANON_KEY, 'SUPABASE_ANON_KEY is the anon key').toBe(info.anonKey);
    expect(data.env.SUPABASE_SERVICE_ROLE_KEY, 'SUPABASE_SERVICE_ROLE_KEY is the service role key').toBe(info.serviceRoleKey);
    expect(data.env.SUPABASE_DB_URL, 'SUPABASE_DB_URL is the database URL').toBe(info.dbUrl);
    expect(data.env.FIXTURE_SECRET, 'variables of supabase/functions/.env are present').toBe('from .env');
  });

  it('validates bodies with the shared zod helper', async () => {
    const bad = await asUser.functions.invoke('echo/validate', { body: { title: 'x', price: -1 } });
    const { status, body } = await errorBody(bad.error);
    expect(status, 'an invalid body → 400').toBe(400);
    expect((body.error as { code: string; details: unknown[] }).code, 'the error names the problem').toBe('invalid_body');
    expect((body.error as { details: unknown[] }).details, 'each invalid field is listed').toHaveLength(2);
    const good = await asUser.functions.invoke('echo/validate', { body: { title: 'Flat', price: 900 } });
    expect(good.data, 'a valid body passes').toEqual({ valid: true, listing: { title: 'Flat', price: 900 } });
  });

  it('streams responses to the caller chunk by chunk', async () => {
    const { data, error } = await asUser.functions.invoke('echo/stream', { method: 'GET' });
    expect(error, 'the stream starts').toBeNull();
    const reader = (data as Response).body!.getReader();
    const first = await reader.read();
    const firstAt = Date.now();
    let rest = '';
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(new TextDecoder().decode(first.value), 'event-stream bodies arrive as a raw Response').toContain('"i":1');
    expect(rest, 'the later events follow').toContain('"i":3');
    expect(Date.now() - firstAt, 'the first event arrived well before the stream ended (no buffering)').toBeGreaterThan(400);
  });

  it('answers 404 for an unknown function and for folders that are not functions', async () => {
    for (const name of ['does-not-exist', '_shared', 'echo..']) {
      const { error } = await asUser.functions.invoke(name);
      expect(await errorBody(error), `${name} → 404 NOT_FOUND`).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'Requested function was not found' } });
    }
  });

  it('reports a function that fails to boot as a 5xx with its error, and logs it', async () => {
    const started = performance.now();
    const { error } = await asUser.functions.invoke('broken');
    const { status, body } = await errorBody(error);
    expect(status, 'a boot failure → 503, not a hang').toBe(503);
    expect(body.code, 'the answer says the function did not boot').toBe('BOOT_ERROR');
    expect(String(body.error), 'the answer carries the error').toContain('fixture boot failure: BROKEN_FIXTURE_SECRET is not set');
    expect(performance.now() - started, 'the failure is reported promptly').toBeLessThan(20_000);
    // The log is written through a stream: give it a moment to reach the file.
    await expect.poll(() => fs.readFileSync(logFile, 'utf8'), { message: 'the error is in the functions log', timeout: 5_000 }).toContain('fixture boot failure');
  }, 60_000);

  it('turns a throwing handler into a 500 and survives a worker that exits', async () => {
    const thrown = await asUser.functions.invoke('echo/throw');
    const t = await errorBody(thrown.error);
    expect(t.status, 'an uncaught handler error → 500').toBe(500);
    expect(String(t.body.error), 'with the error text').toContain('fixture handler failure');

    const exited = await asUser.functions.invoke('echo/exit');
    const e = await errorBody(exited.error);
    expect(e.status, 'a worker that exits mid-request → 500').toBe(500);
    expect(e.body.code, 'reported as a worker error').toBe('WORKER_ERROR');

    const again = await asUser.functions.invoke('echo', { method: 'GET' });
    expect(again.error, 'the next request boots a fresh worker').toBeNull();
    expect(fs.readFileSync(logFile, 'utf8'), 'the handler error is logged').toContain('fixture handler failure');
  }, 60_000);

  it('picks up an edited function without restarting the stack', async () => {
    const file = path.join(supabaseDir, 'functions', 'echo', 'index.ts');
    const before = await asUser.functions.invoke('echo', { method: 'GET' });
    expect(before.data?.version, 'the original code runs first').toBe('v1');

    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("const VERSION = 'v1';", "const VERSION = 'v2';"));
    const started = performance.now();
    let version: string | undefined;
    while (performance.now() - started < 20_000) {
      version = (await asUser.functions.invoke('echo', { method: 'GET' })).data?.version;
      if (version === 'v2') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.info(`functions: edit picked up after ${Math.round(performance.now() - started)} ms`);
    expect(version, 'the edited code answers after the watcher restarts the worker').toBe('v2');
  }, 60_000);

  it('restarts every worker when a file under _shared changes', async () => {
    const first = (await asUser.functions.invoke('echo', { method: 'GET' })).data?.bootId;
    expect(first, 'echo reports the id of its worker').toBeTruthy();
    const again = (await asUser.functions.invoke('echo', { method: 'GET' })).data?.bootId;
    expect(again, 'without changes the same warm worker answers').toBe(first);

    const shared = path.join(supabaseDir, 'functions', '_shared', 'cors.ts');
    fs.appendFileSync(shared, '\n// touched by functions-runtime.test.ts\n');
    const started = performance.now();
    let bootId = first;
    while (bootId === first && performance.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 100));
      bootId = (await asUser.functions.invoke('echo', { method: 'GET' })).data?.bootId;
    }
    expect(bootId, 'a change in _shared restarts functions that may import it').not.toBe(first);
  }, 60_000);
});
