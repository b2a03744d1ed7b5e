/**
 * CPU of the contract-intake Edge Function per request, against hosted Edge
 * Functions' budget of about 2 s of CPU per request: a 12-page text PDF
 * (the terms sheet plus 11 pages of contract boilerplate: form fields, text
 * layer, reading, logging) against a 1-page one as the baseline, measured in
 * the same run, alternating, without a model. CPU is the Deno workers' own
 * (user + system time from /proc), so the database and the gateway sharing
 * the machine do not count. OCR is not measured here: it runs in the browser
 * (supabase/functions/contract-intake/index.ts says why).
 *
 *   npm run bench -- contract-intake-function [--requests 20]
 */
import pg from 'pg';
import { termsSheetPdf } from '../tests/support/contract-pdf.ts';
import { DEMO_PASSWORD } from '../tests/support/clients.ts';
import { startThrowawayStack } from '../tests/support/throwaway-stack.ts';
import { percentile } from './_percentile.ts';
import { denoCpuMs } from './_worker-cpu.ts';

const BUDGET_MS = 2000;
const i = process.argv.indexOf('--requests');
const REQUESTS = i > 0 ? Number(process.argv[i + 1]) : 20;


const stack = await startThrowawayStack();
const db = new pg.Client({ connectionString: stack.info.dbUrl });
try {
  await db.connect();
  const { rows } = await db.query<{ id: string }>(
    `insert into public.listings (address, status, agent_id) select 'Intake Bench Way, Austin TX', 'live', id from public.users where email = 'marcus.johnson@listingdesk.test' and role = 'agent' returning id`,
  );
  const listingId = rows[0].id;
  const signIn = await fetch(`${stack.info.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.info.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'olivia.chen@listingdesk.test', password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const pdfs = { one: await termsSheetPdf({ pages: 1 }), twelve: await termsSheetPdf({ pages: 12 }) };
  const read = async (kind: keyof typeof pdfs) => {
    const form = new FormData();
    form.set('listingId', listingId);
    form.set('file', new Blob([pdfs[kind] as BlobPart], { type: 'application/pdf' }), `${kind}.pdf`);
    const res = await fetch(`${stack.info.apiUrl}/functions/v1/contract-intake`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, apikey: stack.info.anonKey },
      body: form,
    });
    const body = (await res.json()) as { pages: number; fields: unknown[]; message?: string };
    if (res.status !== 200) throw new Error(`${kind} answered ${res.status}: ${body.message}`);
    return body;
  };
  const firstCpu = denoCpuMs();
  const firstWall = performance.now();
  await read('twelve');
  const first = { cpu: denoCpuMs() - firstCpu, wall: performance.now() - firstWall };
  for (let w = 0; w < 3; w++) await Promise.all([read('one'), read('twelve')]);

  const stats = { one: { cpu: [] as number[], wall: [] as number[], fields: 0 }, twelve: { cpu: [] as number[], wall: [] as number[], fields: 0 } };
  for (let r = 0; r < REQUESTS; r++) {
    for (const kind of r % 2 ? (['twelve', 'one'] as const) : (['one', 'twelve'] as const)) {
      const cpu0 = denoCpuMs();
      const t0 = performance.now();
      const body = await read(kind);
      stats[kind].wall.push(performance.now() - t0);
      stats[kind].cpu.push(denoCpuMs() - cpu0);
      stats[kind].fields = body.fields.length;
    }
  }
  console.log(`contract-intake function: ${REQUESTS} requests each, alternating, no model (worker CPU from /proc, 10 ms ticks)`);
  console.log(`  first request of a fresh worker (12 pages; boots the worker with pdf.js): CPU ${first.cpu} ms, wall ${first.wall.toFixed(0)} ms`);
  for (const kind of ['one', 'twelve'] as const) {
    const s = stats[kind];
    const mean = s.cpu.reduce((a, b) => a + b, 0) / REQUESTS;
    s.cpu.sort((a, b) => a - b);
    s.wall.sort((a, b) => a - b);
    console.log(
      `  ${kind === 'one' ? ' 1 page ' : '12 pages'}  ${s.fields} facts  worker CPU mean ${mean.toFixed(0).padStart(4)} ms, p95 ${percentile(s.cpu, 95).toFixed(0).padStart(4)} ms  wall p50 ${percentile(s.wall, 50).toFixed(0)} ms, p95 ${percentile(s.wall, 95).toFixed(0)} ms`,
    );
  }
  const twelveP95 = percentile(stats.twelve.cpu, 95);
  console.log(`  12-page p95 uses ${((100 * twelveP95) / BUDGET_MS).toFixed(0)} % of the ~${BUDGET_MS} ms CPU budget of a hosted Edge Function request`);
  process.exitCode = twelveP95 < BUDGET_MS / 2 ? 0 : 1;
} finally {
  await db.end().catch(() => undefined);
  await stack.stop();
}
