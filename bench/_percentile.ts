/**
 * The benchmarks' percentile (nearest rank): `p` in percent of `sorted`, which
 * is sorted ascending; NaN for no values. Shared so every bench reports p50/p95
 * the same way. (The leading underscore keeps `npm run bench` from running it.)
 */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
