/**
 * The first screen's download stays within its budget (scripts/bundle-size.ts):
 * a cold load of `/` signed in, per role, is at most 250 KB of gzip JavaScript
 * in at most 20 files, and every screen other than the shell, home and the dashboards is a lazy
 * route chunk outside it. Builds the app once with Vite (a few seconds).
 */
import type { Manifest } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_KB, coldLoadFiles, DASHBOARDS, lazyRouteProblem, MAX_COLD_FILES, measure, routeModules, type Measurement } from '../../scripts/bundle-size.ts';

let measured: Measurement;

beforeAll(async () => {
  measured = await measure();
}, 180_000);

describe('cold load of the signed-in dashboard', () => {
  it.each(Object.keys(DASHBOARDS))('%s: within the gzip JavaScript budget', (role) => {
    const load = measured.coldLoads.find((entry) => entry.role === role);
    const kb = (load?.gzipBytes ?? Infinity) / 1024;
    expect(kb, `${role}: the cold load of \`/\` is ${kb.toFixed(1)} KB gzip in ${load?.files} files, at most ${BUDGET_KB} KB`).toBeLessThanOrEqual(BUDGET_KB);
  });

  it.each(Object.keys(DASHBOARDS))('%s: in few files, small shared chunks copied into their readers', (role) => {
    const files = measured.coldLoads.find((entry) => entry.role === role)?.files ?? Infinity;
    expect(files, `${role}: the cold load of \`/\` fetches ${files} JavaScript files, at most ${MAX_COLD_FILES}`).toBeLessThanOrEqual(MAX_COLD_FILES);
  });

  it('leaves every other route of the router lazy, outside the cold load', () => {
    expect(measured.lazyRoutes.length, 'the router has the contract screens besides the shell, home and dashboards').toBeGreaterThanOrEqual(20);
    const leaks = measured.lazyRoutes.flatMap(({ problem }) => (problem ? [problem] : []));
    expect(leaks, 'no route module is fetched by a cold load of `/`').toEqual([]);
  });
});

describe('the lazy-route check', () => {
  // A made-up build: the agent dashboard imports a listing module statically, which drags its route in.
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: [] },
    'src/app/routes/shell-layout.tsx': { file: 'assets/shell.js', isDynamicEntry: true },
    'src/app/routes/home.tsx': { file: 'assets/home.js', isDynamicEntry: true },
    'src/app/routes/agent-dashboard.tsx': { file: 'assets/agent-dashboard.js', isDynamicEntry: true, imports: ['src/app/routes/listing-detail.tsx'] },
    'src/app/routes/listing-detail.tsx': { file: 'assets/listing-detail.js', isDynamicEntry: true },
    'src/app/routes/notifications.tsx': { file: 'assets/notifications.js', isDynamicEntry: true },
  };
  const cold = coldLoadFiles(manifest, 'src/app/routes/agent-dashboard.tsx');

  it('reports a route a dashboard imports statically', () => {
    expect(lazyRouteProblem(manifest, 'src/app/routes/listing-detail.tsx', cold), 'a route in the cold load is reported').toMatch(/part of the cold load/);
    expect(lazyRouteProblem(manifest, 'src/app/routes/notifications.tsx', cold), 'a route fetched only on navigation passes').toBeNull();
  });

  it('reports a route merged into another chunk', () => {
    expect(lazyRouteProblem(manifest, 'src/app/routes/missing.tsx', cold), 'a route without a chunk of its own is reported').toMatch(/not a chunk of its own/);
  });

  it("finds the router's route modules", () => {
    const source = "lazy: async () => (await import('@/app/routes/tc-team-chat')).X, lazy: () => import('@/app/routes/listing/x')";
    expect(routeModules(source), 'each import of a route module is found').toEqual(['src/app/routes/tc-team-chat.tsx', 'src/app/routes/listing/x.tsx']);
  });
});
