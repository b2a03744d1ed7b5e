/**
 * JavaScript a cold load of the signed-in dashboard route downloads, gzip-
 * compressed: the entry chunk and its static imports, plus the lazy route
 * chunks for the sidebar layout, the `/` route and the role's dashboard (and
 * their static imports), read from a production build's Vite manifest.
 * Code a screen loads on use (a dialog's on click, the toasts' when idle) is
 * not part of it. Every other route of src/app/router.tsx must stay a lazy
 * chunk outside that cold load.
 *
 * Prints the figures per role and exits 1 above the budget (bytes or files) or when a route
 * leaks into the cold load. `npm test` runs the same check (tests/bundle/).
 *
 *   TSX_DISABLE_CACHE=1 node --import tsx scripts/bundle-size.ts [--budget-kb 250]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { ownedTempDir } from '../stack/temp-dirs.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUDGET_KB = 250;
/** JavaScript files a cold load may fetch: small shared chunks are copied into their readers (vite.config.ts), not fetched one by one. */
export const MAX_COLD_FILES = 20;

/** Route modules every signed-in cold load of `/` fetches, besides the entry. */
export const SHELL_ROUTES = ['src/app/routes/shell-layout.tsx', 'src/app/routes/home.tsx'];
/** `/` resolves to one of these by role; each is measured. */
export const DASHBOARDS: Record<string, string> = {
  agent: 'src/app/routes/agent-dashboard.tsx',
  tc: 'src/app/routes/tc-dashboard.tsx',
  super_admin: 'src/app/routes/admin.tsx',
};

/** Chunk files of `key` and everything it imports statically (what the browser must fetch before running it). */
export function staticClosure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest; did the route move?`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** The chunk files of a role's cold load of `/`. */
export function coldLoadFiles(manifest: Manifest, dashboard: string): Set<string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk');
  const files = new Set<string>();
  for (const key of [entryKey, ...SHELL_ROUTES, dashboard]) staticClosure(manifest, key, files);
  return files;
}

/** Every route module src/app/router.tsx loads with `import('@/app/routes/…')`, as manifest keys. */
export function routeModules(routerSource: string): string[] {
  const found = [...routerSource.matchAll(/import\('@\/app\/routes\/([\w/-]+)'\)/g)].map((match) => `src/app/routes/${match[1]}.tsx`);
  return [...new Set(found)];
}

/** Why `route` is not a lazy chunk outside the cold load (`coldFiles`), or null when it is. */
export function lazyRouteProblem(manifest: Manifest, route: string, coldFiles: Set<string>): string | null {
  const chunk = manifest[route];
  if (!chunk?.isDynamicEntry) return `${route} is not a chunk of its own loaded on demand`;
  if (coldFiles.has(chunk.file)) return `${route} (${chunk.file}) is part of the cold load of \`/\``;
  return null;
}

export interface ColdLoad {
  role: string;
  gzipBytes: number;
  files: number;
}

export interface Measurement {
  coldLoads: ColdLoad[];
  /** Routes other than the shell, home and dashboards, with what is wrong (null: lazy, outside every cold load). */
  lazyRoutes: { route: string; problem: string | null }[];
}

export async function measure(): Promise<Measurement> {
  const out = ownedTempDir('listingdesk-bundle-');
  const outDir = out.path;
  // The app checks its environment at run time; a build only needs values to inline.
  process.env.VITE_SUPABASE_URL ??= 'http://127.0.0.1:54321';
  process.env.VITE_SUPABASE_ANON_KEY ??= 'bundle-size-placeholder';
  // Vite takes NODE_ENV from the environment when set; under Vitest it is `test`, which would measure React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: PROJECT_ROOT,
      configFile: path.join(PROJECT_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 5000 },
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

    const coldByRole = Object.entries(DASHBOARDS).map(([role, dashboard]) => ({ role, files: coldLoadFiles(manifest, dashboard) }));
    const coldLoads = coldByRole.map(({ role, files }) => {
      const jsFiles = [...files].filter((file) => file.endsWith('.js'));
      const gzipBytes = jsFiles.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length, 0);
      return { role, gzipBytes, files: jsFiles.length };
    });

    const eager = new Set([...SHELL_ROUTES, ...Object.values(DASHBOARDS)]);
    const routes = routeModules(fs.readFileSync(path.join(PROJECT_ROOT, 'src/app/router.tsx'), 'utf8')).filter((route) => !eager.has(route));
    const lazyRoutes = routes.map((route) => ({
      route,
      problem: coldByRole.map(({ role, files }) => lazyRouteProblem(manifest, route, files)?.concat(` (${role})`)).find(Boolean) ?? null,
    }));
    return { coldLoads, lazyRoutes };
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    out.remove();
  }
}

async function main() {
  const budgetArg = process.argv.indexOf('--budget-kb');
  const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : BUDGET_KB;
  const { coldLoads, lazyRoutes } = await measure();
  let failed = false;
  for (const { role, gzipBytes, files } of coldLoads) {
    const kb = gzipBytes / 1024;
    failed ||= kb > budgetKb || files > MAX_COLD_FILES;
    console.log(`cold load of the signed-in dashboard (${role}): ${kb.toFixed(1)} KB gzip JavaScript in ${files} files (budget ${budgetKb} KB in ${MAX_COLD_FILES} files)`);
  }
  if (failed) console.error(`over the budget of ${budgetKb} KB in ${MAX_COLD_FILES} files`);
  const leaks = lazyRoutes.filter((route) => route.problem);
  console.log(`${lazyRoutes.length - leaks.length} of ${lazyRoutes.length} other routes are lazy chunks outside the cold load`);
  for (const { problem } of leaks) console.error(`  ${problem}`);
  if (failed || leaks.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
