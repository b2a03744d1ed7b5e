import { describe, expect, it } from 'vitest';
import { judge, LIMITS, medianInterval } from './verdict.ts';

/** Nine rounds that pass every line, to vary one figure at a time. */
const passing = { ratios: Array(9).fill(0.95), extraCpuUs: Array(9).fill(40), growths: Array(9).fill(1.05) };

describe('medianInterval (order statistics)', () => {
  it('for 9 rounds is [2nd smallest, 2nd largest], which holds the median with 1 − 2·10/512 = 96.1 %', () => {
    const interval = medianInterval([0.93, 0.85, 0.97, 0.78, 0.89, 0.91, 0.8, 1.0, 0.87]);
    expect(interval, 'sorted 0.78 0.80 0.85 0.87 0.89 0.91 0.93 0.97 1.00: median the 5th, interval the 2nd and 8th').toEqual({
      median: 0.89,
      low: 0.8,
      high: 0.97,
      coverage: 492 / 512,
    });
  });

  it('for 20 values is [6th, 15th]: P(Bin(20, ½) ≤ 5) = 21,700/2^20, so 95.9 % (the 7th would give 88.5 %)', () => {
    const interval = medianInterval(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(interval, 'an even count: the median is the mean of the middle two').toEqual({ median: 10.5, low: 6, high: 15, coverage: 1 - 43_400 / 2 ** 20 });
  });

  it('for too few values to reach 95 % is the whole range, with the coverage it has', () => {
    expect(medianInterval([4, 1, 3, 2]), '4 values: 1 − 2/16 = 87.5 %').toEqual({ median: 2.5, low: 1, high: 4, coverage: 0.875 });
    expect(() => medianInterval([]), 'no rounds, no verdict').toThrow();
  });
});

describe('judge: a query fails only when its rounds agree it regressed', () => {
  it('passes a query at a 0.89 median with a wide interval (the old 0.9 line failed it by noise)', () => {
    const v = judge({ ...passing, ratios: [0.78, 0.8, 0.84, 0.87, 0.89, 0.91, 0.93, 0.97, 1.0] });
    expect([v.failures, v.doubts], '0.89 [0.80–0.97] is over 0.85: neither failure nor doubt').toEqual([[], []]);
  });

  it('fails a query at a 0.80 median with a tight interval, and says why', () => {
    const v = judge({ ...passing, ratios: [0.78, 0.79, 0.79, 0.8, 0.8, 0.8, 0.81, 0.81, 0.82] });
    expect(v.failures, '0.80 [0.79–0.81] lies wholly under 0.85').toEqual(['ratio 0.80 [0.79–0.81]: its 96 % interval lies under 0.85']);
  });

  it('fails a query just under the line when the rounds agree, whatever one lucky round says', () => {
    const v = judge({ ...passing, ratios: [0.84, 0.83, 0.86, 0.845, 0.84, 0.82, 0.84, 0.83, 0.84] });
    expect(v.failures.length, '0.84 [0.83–0.845]: the one round at 0.86 is outside the interval').toBe(1);
  });

  it('only doubts a query at a 0.82 median whose interval reaches 0.85', () => {
    const v = judge({ ...passing, ratios: [0.7, 0.74, 0.78, 0.8, 0.82, 0.86, 0.88, 0.91, 0.95] });
    expect(v.failures, '0.82 [0.74–0.91] may be noise: no failure').toEqual([]);
    expect(v.doubts, 'but the summary names it for a rerun').toEqual(['ratio 0.82 [0.74–0.91]: median under 0.85, but the interval reaches it']);
  });

  it('is not decided by one disturbed round (a checkpoint, a GC pause)', () => {
    const v = judge({ ...passing, ratios: [0.95, 0.95, 0.95, 0.95, 0.6, 0.95, 0.95, 0.95, 0.95] });
    expect([v.ratio.median, v.ratio.low, v.failures], 'the 0.60 round is outside [0.95–0.95]').toEqual([0.95, 0.95, []]);
  });

  it(`fails a query whose RLS costs the database more than ${LIMITS.maxExtraCpuUs} µs per request in every round but the extremes, even at a good ratio`, () => {
    const v = judge({ ...passing, extraCpuUs: [320, 330, 335, 340, 350, 355, 360, 380, 900] });
    expect(v.failures, '350 [330–380] µs lies over 300 µs').toEqual(['RLS costs the database 350 [330–380] µs more per request: its 96 % interval lies over 300 µs']);
  });

  it('only doubts database CPU whose interval reaches the line, and skips it when the database is not metered', () => {
    const doubted = judge({ ...passing, extraCpuUs: [250, 280, 310, 320, 330, 340, 350, 360, 400] });
    expect([doubted.failures, doubted.doubts.length], '330 [280–360] µs: a doubt, no failure').toEqual([[], 1]);
    const unmetered = judge({ ratios: passing.ratios, growths: passing.growths });
    expect([unmetered.extraCpu, unmetered.failures], 'no /proc: no CPU verdict').toEqual([undefined, []]);
  });

  it('treats growth from the small to the large size the same way', () => {
    const failing = judge({ ...passing, growths: [1.52, 1.56, 1.58, 1.6, 1.6, 1.61, 1.63, 1.65, 1.7] });
    expect(failing.failures, '1.60 [1.56–1.65] lies over 1.5').toEqual(['growth 1.60 [1.56–1.65]: its 96 % interval lies over 1.5']);
    const noisy = judge({ ...passing, growths: [1.3, 1.45, 1.5, 1.55, 1.6, 1.62, 1.7, 1.75, 2.0] });
    expect([noisy.failures, noisy.doubts], '1.60 [1.45–1.75] reaches 1.5: a doubt').toEqual([[], ['growth 1.60 [1.45–1.75]: median over 1.5, but the interval reaches it']]);
  });

  it('lists every broken line of a query', () => {
    const v = judge({ ratios: Array(9).fill(0.7), extraCpuUs: Array(9).fill(500), growths: Array(9).fill(2) });
    expect(v.failures.map((f) => f.split(' ')[0]), 'ratio, database CPU and growth each give a reason').toEqual(['ratio', 'RLS', 'growth']);
  });
});
