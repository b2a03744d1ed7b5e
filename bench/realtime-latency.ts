/**
 * Realtime latency: insert-to-callback time for Postgres Changes through the
 * whole path (commit, logical replication, RLS check as the subscriber, the
 * websocket, supabase-js's callback), on a throwaway stack.
 *
 * Rows are inserted one by one, spaced, by a signed-in user through REST's
 * database (the subscriber's own rows, so RLS lets them through), and timed
 * from just before the INSERT is sent to the moment the callback fires.
 *
 *   npm run bench -- realtime-latency [--rows 300] [--gap 15]
 */
import crypto from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import WebSocket from 'ws';
import { startThrowawayStack } from '../tests/support/throwaway-stack.ts';
import { percentile } from './_percentile.ts';

const TARGET_P95_MS = 100;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

export async function main(): Promise<{ p50: number; p95: number; max: number }> {
  const rows = arg('rows', 300);
  const gapMs = arg('gap', 15);
  const stack = await startThrowawayStack();
  const { info } = stack;
  const db = new pg.Client({ connectionString: info.dbUrl });
  try {
    await db.connect();
    const userId = crypto.randomUUID();
    await db.query(`
      create table public.bench_rt (id bigint generated always as identity primary key, owner_id uuid not null, seq int not null, body text);
      alter table public.bench_rt enable row level security;
      create policy "owners read" on public.bench_rt for select to authenticated using ((select auth.uid()) = owner_id);
      alter publication supabase_realtime add table public.bench_rt;`);
    await db.query(`insert into auth.users (id, aud, role, email, created_at, updated_at) values ($1, 'authenticated', 'authenticated', $2, now(), now())`, [userId, `bench-${userId}@example.test`]);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(info.jwtSecret));
    const client = createClient(info.apiUrl, info.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      accessToken: async () => token,
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket, ...(process.env.RT_DEBUG ? { logger: (k: string, m: string, d: unknown) => console.log(k, m, JSON.stringify(d)?.slice(0, 300)) } : {}) },
    });

    // The join carries the token only if realtime already has it; supabase-js fetches it asynchronously.
    await client.realtime.setAuth();
    const arrived = new Map<number, number>();
    let wake: (() => void) | undefined;
    const channel = client.channel('bench').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bench_rt' }, (p) => {
      arrived.set((p.new as { seq: number }).seq, performance.now());
      wake?.();
    });
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(err ?? new Error(status)))),
    );

    const latencies: number[] = [];
    const warmup = 10;
    for (let seq = 0; seq < rows + warmup; seq++) {
      const sent = performance.now();
      await db.query('insert into public.bench_rt (owner_id, seq, body) values ($1, $2, $3)', [userId, seq, `row ${seq}`]);
      const deadline = Date.now() + 5000;
      while (!arrived.has(seq)) {
        if (Date.now() > deadline) throw new Error(`row ${seq} did not arrive within 5 s`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 50);
        });
      }
      if (seq >= warmup) latencies.push(arrived.get(seq)! - sent);
      await new Promise((r) => setTimeout(r, gapMs));
    }
    await client.removeAllChannels();

    latencies.sort((x, y) => x - y);
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const max = latencies[latencies.length - 1];
    console.log(`realtime insert-to-callback latency over ${latencies.length} inserts (${gapMs} ms apart, after ${warmup} warm-up rows):`);
    console.log(`  p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${max.toFixed(1)} ms`);
    console.log(`  p95 / ${TARGET_P95_MS} ms target = ${(p95 / TARGET_P95_MS).toFixed(2)} ${p95 < TARGET_P95_MS ? '(within target)' : '(OVER target)'}`);
    return { p50, p95, max };
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    ({ p95 }) => process.exit(p95 < TARGET_P95_MS ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
