/**
 * A local stack on free ports in a temporary folder, for tests and benchmarks.
 * The folder is removed however the run ends (stack/temp-dirs.ts); starting
 * one first sweeps the leftovers of earlier runs whose process is gone.
 */
import crypto from 'node:crypto';
import { freePort } from '../../stack/processes.ts';
import { startStack, type RunningStack } from '../../stack/supervisor.ts';
import { ownedTempDir, sweepDeadTempDirs } from '../../stack/temp-dirs.ts';

export interface StackInfo {
  apiUrl: string;
  dbUrl: string;
  mailUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dataDir: string;
  startupMs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Folder prefix of throwaway stacks (ownedTempDir appends `p<pid>-XXXXXX`).
 * `npm test` sets LISTINGDESK_TEST_RUN so its stray-process check judges only
 * the stacks of its own run, not those of another test run on the same machine.
 */
export function throwawayPrefix(kind = 'stack'): string {
  return `listingdesk-test-${process.env.LISTINGDESK_TEST_RUN ?? 'adhoc'}-${kind}-`;
}

export async function startThrowawayStack(extra: { siteUrl?: string } = {}): Promise<{ info: StackInfo; stack: RunningStack; stop(): Promise<void> }> {
  sweepDeadTempDirs();
  const folder = ownedTempDir(throwawayPrefix());
  const dataDir = folder.path;
  const stack = await startStack({
    temporary: true,
    dataDir,
    apiPort: await freePort(),
    dbPort: await freePort(),
    mailPort: await freePort(),
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    ephemeral: true,
    quiet: true,
    siteUrl: extra.siteUrl,
  });
  const c = stack.config;
  return {
    stack,
    info: {
      apiUrl: c.apiUrl,
      dbUrl: c.dbUrl,
      mailUrl: c.mailUrl,
      anonKey: c.anonKey,
      serviceRoleKey: c.serviceRoleKey,
      jwtSecret: c.jwtSecret,
      dataDir,
      startupMs: stack.startupMs,
    },
    async stop() {
      await stack.stop();
      folder.remove();
    },
  };
}
