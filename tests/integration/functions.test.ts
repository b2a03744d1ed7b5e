/**
 * Edge Functions on the throwaway stack itself: the shipped `health` function
 * (verify_jwt = false) and the gateway's routing of /functions/v1. The runtime
 * details (JWTs, forwarding, reloads, crashes) are in functions-runtime.test.ts.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, mintedUser, stackInfo } from '../support/clients.ts';

interface ServiceState {
  ok: boolean;
  latencyMs: number;
  status?: number;
  error?: string;
}
interface Health {
  ok: boolean;
  services: Record<'rest' | 'auth' | 'storage' | 'realtime' | 'db', ServiceState>;
  checkedAt: string;
}

/** health answers 200 when all is up and 503 otherwise; both carry the report. */
async function report(result: { data: unknown; error: unknown }): Promise<{ status: number; body: Health }> {
  if (!result.error) return { status: 200, body: result.data as Health };
  expect(result.error, 'an unhealthy report is an HTTP error, not a network failure').toBeInstanceOf(FunctionsHttpError);
  const res = (result.error as FunctionsHttpError).context as Response;
  return { status: res.status, body: (await res.json()) as Health };
}

describe('Edge Functions on the local stack', () => {
  it('serves health without a token (verify_jwt = false) and reports every service', async () => {
    const info = stackInfo();
    const started = performance.now();
    const res = await fetch(`${info.apiUrl}/functions/v1/health`);
    console.info(`functions: health cold call ${Math.round(performance.now() - started)} ms`);
    expect([200, 503], 'no Authorization header is needed for a verify_jwt = false function').toContain(res.status);
    const body = (await res.json()) as Health;
    expect(Object.keys(body.services).sort(), 'every backend service is reported').toEqual(['auth', 'db', 'realtime', 'rest', 'storage']);
    for (const [name, state] of Object.entries(body.services)) {
      expect(typeof state.ok, `${name} has an up/down flag`).toBe('boolean');
      expect(typeof state.latencyMs, `${name} has a latency`).toBe('number');
    }
    expect(body.services.rest.ok, 'PostgREST is reachable through SUPABASE_URL').toBe(true);
    expect(body.services.db.ok, 'the database answers a query through SUPABASE_DB_URL').toBe(true);
    expect(body.ok, 'ok is true exactly when every service is up').toBe(Object.values(body.services).every((s) => s.ok));
    expect(res.status, '200 when healthy, 503 otherwise').toBe(body.ok ? 200 : 503);
    expect(Number.isNaN(Date.parse(body.checkedAt)), 'checkedAt is a timestamp').toBe(false);
    expect(res.headers.get('access-control-allow-origin'), 'the answer carries CORS headers').toBeTruthy();
  }, 120_000);

  it('serves health through supabase-js functions.invoke, with or without a session', async () => {
    const asAnon = await report(await anonClient().functions.invoke('health'));
    expect(asAnon.body.services.db.ok, 'invoked with the anon key, the report comes back').toBe(true);
    const user = await mintedUser();
    const asUser = await report(await user.client.functions.invoke('health', { method: 'GET' }));
    expect(asUser.body.services.rest.ok, 'invoked as a signed-in user, the report comes back').toBe(true);
  }, 60_000);

  it('answers 404 NOT_FOUND for a function that does not exist', async () => {
    const { data, error } = await anonClient().functions.invoke('no-such-function');
    expect(data, 'no data for an unknown function').toBeNull();
    expect(error, 'an unknown function is an HTTP error').toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status, 'unknown function → 404').toBe(404);
    expect(await res.json(), 'the hosted relay wording').toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('lists the functions service as healthy in the gateway health', async () => {
    const res = await fetch(`${stackInfo().apiUrl}/health`);
    const body = (await res.json()) as { parts: Record<string, { ok: boolean }> };
    expect(body.parts['/functions/v1']?.ok, 'the functions service reports itself up (Deno binary present)').toBe(true);
  });
});
