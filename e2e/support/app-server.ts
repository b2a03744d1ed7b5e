/**
 * The app as browser tests see it: a production build (`vite build`, made
 * once per run) served by `vite preview`, one server per stack.
 *
 * The build bakes VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY into its
 * JavaScript, and every worker (and every AI test) has a stack of its own. So
 * the run builds once with placeholder values, and each server serves a copy
 * of that build with its stack's URL and key written over the placeholders:
 * the same code a build for that stack would give, without building per stack.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { ownedTempDir, type OwnedTempDir } from '../../stack/temp-dirs.ts';
import { throwawayPrefix, type StackInfo } from '../../tests/support/throwaway-stack.ts';
import { apiProxy } from '../../vite.config.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Stand-ins baked into the shared build; valid where the build checks anything, unique enough to replace blindly. */
const PLACEHOLDERS = {
  VITE_SUPABASE_URL: 'http://listingdesk-e2e-supabase-url.invalid',
  VITE_SUPABASE_ANON_KEY: 'listingdesk-e2e-anon-key-placeholder',
} as const;

/** Builds the app once (production mode, placeholder settings) into a temporary folder removed on exit. */
export async function buildApp(): Promise<OwnedTempDir> {
  const out = ownedTempDir(throwawayPrefix('app-build'));
  const previous = { ...process.env };
  // Only these configure the build: a developer's .env.local must not leak in (envDir: false).
  // Vite takes NODE_ENV from the environment when set, and Vitest sets it to `test`: without
  // `production` the tests ran React's development build (dev JSX runtime, ~50 % more JavaScript
  // and much more work per render), not the code people get.
  const settings = { ...PLACEHOLDERS, NODE_ENV: 'production' };
  Object.assign(process.env, settings);
  try {
    await build({
      configFile: path.join(PROJECT_ROOT, 'vite.config.ts'),
      root: PROJECT_ROOT,
      envDir: false,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: out.path, emptyOutDir: true },
    });
  } catch (error) {
    out.remove();
    throw error;
  } finally {
    for (const key of Object.keys(settings)) {
      if (previous[key] === undefined) delete process.env[key];
      else process.env[key] = previous[key];
    }
  }
  return out;
}

/** Copies the build into `to`, with `stack`'s URL and anon key in place of the placeholders. */
function copyForStack(buildDir: string, to: string, stack: StackInfo): void {
  const values: Record<keyof typeof PLACEHOLDERS, string> = { VITE_SUPABASE_URL: stack.apiUrl, VITE_SUPABASE_ANON_KEY: stack.anonKey };
  const found = new Set<string>();
  fs.cpSync(buildDir, to, { recursive: true });
  for (const entry of fs.readdirSync(to, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|html)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    let text = fs.readFileSync(file, 'utf8');
    let changed = false;
    for (const [key, placeholder] of Object.entries(PLACEHOLDERS) as [keyof typeof PLACEHOLDERS, string][]) {
      if (!text.includes(placeholder)) continue;
      text = text.replaceAll(placeholder, values[key]);
      found.add(key);
      changed = true;
    }
    if (changed) fs.writeFileSync(file, text);
  }
  const missing = Object.keys(PLACEHOLDERS).filter((key) => !found.has(key));
  if (missing.length > 0) throw new Error(`the app build does not contain the placeholder of ${missing.join(', ')}; did the way Vite inlines env change?`);
}

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

/** `vite preview` of the build, pointed at `stack`, on `port` of 127.0.0.1 (the origin the stack's auth redirects to). */
export async function startAppServer(buildDir: string, stack: StackInfo, port: number): Promise<AppServer> {
  const copy = ownedTempDir(throwawayPrefix('app'));
  let server: PreviewServer;
  try {
    copyForStack(buildDir, copy.path, stack);
    server = await preview({
      configFile: false,
      root: PROJECT_ROOT,
      envDir: false,
      logLevel: 'warn',
      build: { outDir: copy.path },
      preview: { host: '127.0.0.1', port, strictPort: true, proxy: apiProxy(stack.apiUrl) },
    });
  } catch (error) {
    copy.remove();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      copy.remove();
    },
  };
}
