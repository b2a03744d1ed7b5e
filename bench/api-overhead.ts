/**
 * Per-call overhead of the `/api` compatibility surface, on a throwaway stack
 * with the demo data: `GET /api/listings` (the api Edge Function, which calls
 * PostgREST as the caller) against the same page of rows read from PostgREST
 * directly with the same token, measured in the same run, alternating so
 * both see the same machine load. Both must return the same rows.
 *
 * Target: the surface costs less than 2× the direct call at p50.
 *
 *   npm run bench -- api-overhead [--requests 300] [--limit 20]
 */
import { startThrowawayStack, type StackInfo } from '../tests/support/throwaway-stack.ts';
import { percentile } from './_percentile.ts';

const TARGET_P50_RATIO = 2;
const DEMO_PASSWORD = 'ListingDesk!2024';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function tokenOf(info: StackInfo, email: string): Promise<string> {
  const res = await fetch(`${info.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; ids: string[] }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { id: string }[];
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, ids: body.map((row) => row.id) };
}

const requests = arg('requests', 300);
const limit = arg('limit', 20);
const stack = await startThrowawayStack();
try {
  const info = stack.info;
  const token = await tokenOf(info, 'olivia.chen@listingdesk.test');
  const viaApi = () => timed(`${info.apiUrl}/functions/v1/api/listings?limit=${limit}`, { Authorization: `Bearer ${token}` });
  const direct = () =>
    timed(`${info.apiUrl}/rest/v1/listings?select=*&order=created_at.desc,id.asc&limit=${limit}`, { Authorization: `Bearer ${token}`, apikey: info.anonKey });

  // Warm-up: the function's worker boots on its first request; connections and plans settle.
  for (let i = 0; i < 20; i++) await Promise.all([viaApi(), direct()].map((p) => p.catch((e) => Promise.reject(e))));
  const first = await viaApi();
  const same = await direct();
  if (first.ids.join() !== same.ids.join()) throw new Error(`the two calls return different rows:\n api ${first.ids.join()}\n direct ${same.ids.join()}`);

  const api: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i < requests; i++) {
    // Alternate the order so neither side always runs first.
    if (i % 2 === 0) {
      api.push((await viaApi()).ms);
      rest.push((await direct()).ms);
    } else {
      rest.push((await direct()).ms);
      api.push((await viaApi()).ms);
    }
  }
  api.sort((a, b) => a - b);
  rest.sort((a, b) => a - b);
  const p50 = percentile(api, 50) / percentile(rest, 50);
  const p95 = percentile(api, 95) / percentile(rest, 95);
  console.log(`GET /api/listings?limit=${limit} vs PostgREST, ${requests} requests each (same ${first.ids.length} rows):`);
  console.log(`  /api      p50 ${percentile(api, 50).toFixed(1)} ms, p95 ${percentile(api, 95).toFixed(1)} ms`);
  console.log(`  PostgREST p50 ${percentile(rest, 50).toFixed(1)} ms, p95 ${percentile(rest, 95).toFixed(1)} ms`);
  console.log(`  ratio     p50 ${p50.toFixed(2)}× (target < ${TARGET_P50_RATIO}×), p95 ${p95.toFixed(2)}×`);
  if (p50 >= TARGET_P50_RATIO) {
    console.error(`the surface costs ${p50.toFixed(2)}× the direct call at p50 (target < ${TARGET_P50_RATIO}×)`);
    process.exitCode = 1;
  }
} finally {
  await stack.stop();
}
