/**
 * Two schemas side by side in one run: `npm run bench -- scale --variants
 * <file>` measures every query as its real user (RLS) under variant A and
 * under variant B in alternating windows (order swapped every round), on the
 * same database, so drift between two separate runs cannot pass for a
 * difference. Used to settle what a change of the policies' helpers or of the
 * planner's settings costs (bench/scale/variants/*.sql).
 *
 * A variants file has sections, each opened by a line `-- setup` (run once,
 * optional) or `-- variant <name>` (run before each of that variant's
 * windows; the first variant is the reference, A). When the setup creates a
 * function `public.bench_variant()` returning text, each switch waits until a
 * signed-in request answers the variant's name (PostgREST applies a role's
 * settings only after it reloads them).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import fs from 'node:fs';
import type pg from 'pg';
import { percentile } from '../_percentile.ts';
import { combine, databaseCpuPerRequest, perSecond, sample, type CpuMeter, type Sample } from './measure.ts';
import { formatRatio, medianInterval } from './verdict.ts';

export interface Variant {
  name: string;
  sql: string;
}

export interface VariantsFile {
  setup: string;
  variants: [Variant, Variant];
}

export function parseVariants(text: string, file: string): VariantsFile {
  let setup = '';
  const variants: Variant[] = [];
  let current: { append(line: string): void } | undefined;
  for (const line of text.split('\n')) {
    const heading = /^-- (setup|variant (\S+))\s*$/.exec(line);
    if (heading?.[1] === 'setup') current = { append: (l) => (setup += `${l}\n`) };
    else if (heading) {
      const variant = { name: heading[2], sql: '' };
      variants.push(variant);
      current = { append: (l) => (variant.sql += `${l}\n`) };
    } else current?.append(line);
  }
  if (variants.length !== 2) throw new Error(`${file}: needs exactly two "-- variant <name>" sections, found ${variants.length}`);
  return { setup, variants: [variants[0], variants[1]] };
}

/** What one query measured under each variant, round by round. */
export interface VariantMeasurement {
  samples: [Sample[], Sample[]];
}

/** Switches the database to a variant and, when the setup provides bench_variant(), waits until requests run under it. */
export async function switchTo(variant: Variant, superuser: pg.Client, user: SupabaseClient, hasProbe: boolean) {
  await superuser.query(variant.sql);
  if (!hasProbe) return;
  const deadline = performance.now() + 15_000;
  for (;;) {
    const { data, error } = await user.rpc('bench_variant');
    if (!error && data === variant.name) return;
    if (performance.now() > deadline) throw new Error(`variant ${variant.name} not in effect after 15 s (bench_variant: ${JSON.stringify(error ?? data)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function measureVariants(
  send: () => Promise<void>,
  switchVariant: (index: 0 | 1) => Promise<void>,
  options: { rounds: number; windowMs: number; concurrency: number; meter?: CpuMeter },
): Promise<VariantMeasurement> {
  const samples: [Sample[], Sample[]] = [[], []];
  for (let round = 0; round < options.rounds; round++) {
    const order: (0 | 1)[] = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      await switchVariant(index);
      // Replaced functions and reloaded settings re-plan on each connection: warm up before timing.
      await sample(send, options.windowMs / 4, options.concurrency);
      samples[index].push(await sample(send, options.windowMs, options.concurrency, options.meter));
    }
  }
  return { samples };
}

const p95 = (s: Sample) => percentile([...s.latencies].sort((a, b) => a - b), 95);

/** One line of the side-by-side table: req/s, p95 and database µs per request under A and B, and B's change against A. */
export function variantRow(m: VariantMeasurement): string[] {
  const [a, b] = m.samples;
  const [allA, allB] = [combine(a), combine(b)];
  const rate = medianInterval(b.map((s, i) => perSecond(s) / perSecond(a[i])));
  const tail = medianInterval(b.map((s, i) => p95(s) / p95(a[i])));
  const cpu = (s: Sample) => databaseCpuPerRequest(s)?.toFixed(0) ?? '–';
  return [
    `${perSecond(allA).toFixed(0)} → ${perSecond(allB).toFixed(0)}`,
    formatRatio(rate),
    `${p95(allA).toFixed(1)} → ${p95(allB).toFixed(1)}`,
    formatRatio(tail),
    `${cpu(allA)} → ${cpu(allB)}`,
  ];
}

/** Column headings; the table's legend names A and B. */
export const VARIANT_HEADER = (coverage: string) => ['RLS req/s A → B', `req/s B÷A ${coverage}`, 'p95 ms A → B', `p95 B÷A ${coverage}`, 'DB µs/req A → B'];

export function readVariants(file: string): VariantsFile {
  return parseVariants(fs.readFileSync(file, 'utf8'), file);
}
