/**
 * Starts what the browser tests need: one throwaway local stack (free ports,
 * temporary folder, random JWT secret) and a Vite dev server of the app
 * pointed at it. Tests get both URLs through `inject('stack')` / `inject('appUrl')`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../stack/processes.ts';
import { startThrowawayStack } from '../../tests/support/throwaway-stack.ts';
import { query } from './listing-fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    /** The database's clock once the demo seed is in, before any test ran: rows created up to then are the seed's. */
    seededAt: string;
  }
}

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_ENV_KEYS = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const;

/** A Vite dev server of the app on this port, configured only by process.env (see APP_ENV_KEYS). */
export async function startAppServer(port: number): Promise<ViteDevServer> {
  const server = await createServer({
    configFile: path.join(PROJECT_ROOT, 'vite.config.ts'),
    root: PROJECT_ROOT,
    // Only process.env (set by the caller) configures the app: a developer's .env.local must not leak in.
    envDir: false,
    // Kept apart from the developer's dev server, which may be optimising dependencies at the same time.
    cacheDir: path.join(PROJECT_ROOT, 'node_modules/.vite-e2e'),
    logLevel: 'warn',
    clearScreen: false,
    server: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      // Files change under a running test when others edit the tree; a reload mid-test would be a false failure.
      hmr: false,
      watch: null,
    },
  });
  await server.listen();
  return server;
}

export default async function setup(project: TestProject) {
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  // Auth e-mail links must lead back to this dev server, not to the default :5173.
  const stack = await startThrowawayStack({ siteUrl: appUrl });

  const previousEnv = Object.fromEntries(APP_ENV_KEYS.map((key) => [key, process.env[key]]));
  process.env.VITE_SUPABASE_URL = stack.info.apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = stack.info.anonKey;

  let server: ViteDevServer | undefined;
  let seededAt: string;
  try {
    seededAt = (await query<{ now: string }>(stack.info, 'select now()::text as now'))[0].now;
    server = await startAppServer(appPort);
  } catch (error) {
    await stack.stop();
    throw error;
  }

  project.provide('stack', stack.info);
  project.provide('appUrl', appUrl);
  project.provide('seededAt', seededAt);

  return async () => {
    await server?.close();
    await stack.stop();
    for (const key of APP_ENV_KEYS) {
      if (previousEnv[key] === undefined) delete process.env[key];
      else process.env[key] = previousEnv[key];
    }
  };
}
