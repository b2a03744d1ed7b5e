/**
 * JavaScript a cold load of the signed-in dashboard route downloads, gzip-
 * compressed: the entry chunk and its static imports, plus the lazy route
 * chunks for the sidebar layout, the `/` route and the role's dashboard (and
 * their static imports), read from a production build's Vite manifest.
 * Prints the figure per role and exits 1 above the budget.
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
const budgetArg = process.argv.indexOf('--budget-kb');
const BUDGET_KB = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 250;

/** Route modules every signed-in cold load of `/` fetches, besides the entry. */
const SHELL_ROUTES = ['src/app/routes/shell-layout.tsx', 'src/app/routes/home.tsx'];
/** `/` resolves to one of these by role; each is measured. */
const DASHBOARDS: Record<string, string> = {
  agent: 'src/app/routes/agent-dashboard.tsx',
  tc: 'src/app/routes/tc-dashboard.tsx',
  super_admin: 'src/app/routes/admin.tsx',
};

/** Chunk files of `key` and everything it imports statically (what the browser must fetch before running it). */
function staticClosure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest; did the route move?`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

export async function measure(): Promise<{ role: string; gzipBytes: number; files: number }[]> {
  const out = ownedTempDir('listingdesk-bundle-');
  const outDir = out.path;
  // The app checks its environment at run time; a build only needs values to inline.
  process.env.VITE_SUPABASE_URL ??= 'http://127.0.0.1:54321';
  process.env.VITE_SUPABASE_ANON_KEY ??= 'bundle-size-placeholder';
  try {
    await build({
      root: PROJECT_ROOT,
      configFile: path.join(PROJECT_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 5000 },
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
    if (!entryKey) throw new Error('the Vite manifest has no entry chunk');

    return Object.entries(DASHBOARDS).map(([role, dashboard]) => {
      const files = new Set<string>();
      for (const key of [entryKey, ...SHELL_ROUTES, dashboard]) staticClosure(manifest, key, files);
      const jsFiles = [...files].filter((file) => file.endsWith('.js'));
      const gzipBytes = jsFiles.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length, 0);
      return { role, gzipBytes, files: jsFiles.length };
    });
  } finally {
    out.remove();
  }
}

async function main() {
  const results = await measure();
  let over = false;
  for (const { role, gzipBytes, files } of results) {
    const kb = gzipBytes / 1024;
    over ||= kb > BUDGET_KB;
    console.log(`cold load of the signed-in dashboard (${role}): ${kb.toFixed(1)} KB gzip JavaScript in ${files} files (budget ${BUDGET_KB} KB)`);
  }
  if (over) {
    console.error(`over the ${BUDGET_KB} KB budget`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
