/**
 * private.add_business_days per call: the day-by-day walk it replaced (kept
 * here only, as the baseline: each day asked private.is_business_day) against
 * the current one (whole weeks by arithmetic, then the weekday holidays in
 * range), in the same run on the same database, alternating, for the day
 * counts people use (3, 30, a year) and beyond the bound (3,650, which a
 * template item could ask for before offsets were bounded to ±365). Both
 * give the same days here (checked), as tests/integration/business-days.test.ts
 * proves over thousands of pairs.
 *
 *   npm run bench -- business-days [--rounds 3]
 *
 * Times are wall time of one SQL statement calling the function for many
 * start days (spread over two years, every weekday and holiday), divided by
 * the calls: the database's own time per call, without a round trip each.
 */
import pg from 'pg';
import { startThrowawayStack } from '../tests/support/throwaway-stack.ts';

const i = process.argv.indexOf('--rounds');
const ROUNDS = i > 0 ? Number(process.argv[i + 1]) : 3;

/** The walk as migration 20251127003400 defined it. */
const OLD_WALK = `
create function pg_temp.walk_business_days(day date, n integer)
returns date
language plpgsql
stable
set search_path = ''
as $$
declare
  result date := day;
  step integer := case when n < 0 then -1 else 1 end;
  remaining integer := abs(n);
begin
  while remaining > 0 loop
    result := result + step;
    if private.is_business_day(result) then
      remaining := remaining - 1;
    end if;
  end loop;
  return result;
end;
$$`;

/** Per count, how many start days each version is called with in one statement (the walk at 3,650 takes seconds a call). */
const CASES: Array<{ n: number; oldCalls: number; newCalls: number }> = [
  { n: 3, oldCalls: 100, newCalls: 2000 },
  { n: -3, oldCalls: 100, newCalls: 2000 },
  { n: 30, oldCalls: 10, newCalls: 2000 },
  { n: 365, oldCalls: 2, newCalls: 1000 },
  { n: -365, oldCalls: 2, newCalls: 1000 },
  { n: 3650, oldCalls: 1, newCalls: 300 },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Start days spread over 2026-2027 (a prime step: every weekday, holidays and weekends among them). */
function starts(count: number): string[] {
  const step = Math.max(1, Math.floor(730 / count)) | 1;
  return Array.from({ length: count }, (_, k) => new Date(Date.UTC(2026, 0, 1) + ((k * step) % 730) * 86_400_000).toISOString().slice(0, 10));
}

const stack = await startThrowawayStack();
const db = new pg.Client({ connectionString: stack.info.dbUrl });
try {
  await db.connect();
  await db.query(OLD_WALK);
  const timed = async (fn: string, days: string[], n: number): Promise<{ perCallMs: number; results: string[] }> => {
    const t0 = performance.now();
    const { rows } = await db.query<{ day: string }>(`select ${fn}(d, $2)::text as day from unnest($1::date[]) with ordinality as s(d, k) order by s.k`, [days, n]);
    return { perCallMs: (performance.now() - t0) / days.length, results: rows.map((r) => r.day) };
  };
  // Warm both (plans, the holiday table's pages).
  await timed('pg_temp.walk_business_days', starts(20), 20);
  await timed('private.add_business_days', starts(200), 20);

  console.log(`business-days: per call, median of ${ROUNDS} rounds, old and new alternating (ms; same database, same run)`);
  console.log('       n   old walk (calls)   new (calls)      old ÷ new');
  let failed = false;
  for (const c of CASES) {
    const old: number[] = [];
    const fresh: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 ? (['new', 'old'] as const) : (['old', 'new'] as const);
      for (const which of order) {
        if (which === 'old') {
          const days = starts(c.oldCalls);
          const walked = await timed('pg_temp.walk_business_days', days, c.n);
          const counted = await db.query<{ day: string }>(`select private.add_business_days(d, $2)::text as day from unnest($1::date[]) with ordinality as s(d, k) order by s.k`, [days, c.n]);
          if (counted.rows.some((row, k) => row.day !== walked.results[k])) {
            console.error(`  n = ${c.n}: the two versions disagree`);
            failed = true;
          }
          old.push(walked.perCallMs);
        } else {
          fresh.push((await timed('private.add_business_days', starts(c.newCalls), c.n)).perCallMs);
        }
      }
    }
    const o = median(old);
    const nw = median(fresh);
    console.log(
      `  ${String(c.n).padStart(6)}   ${o.toFixed(3).padStart(9)} (${String(c.oldCalls).padStart(3)})   ${nw.toFixed(3).padStart(7)} (${String(c.newCalls).padStart(4)})   ${(o / nw).toFixed(0).padStart(8)}×`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await db.end().catch(() => {});
  await stack.stop();
}
