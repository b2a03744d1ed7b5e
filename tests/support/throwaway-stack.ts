/**
 * A local stack on free ports in a temporary folder, for tests and benchmarks.
 * The folder is removed however the run ends (stack/temp-dirs.ts); starting
 * one first sweeps the leftovers of earlier runs whose process is gone.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../stack/config.ts';
import { freePort } from '../../stack/processes.ts';
import { startStack, type RunningStack, type StartStackOptions } from '../../stack/supervisor.ts';
import { ownedTempDir, sweepDeadTempDirs } from '../../stack/temp-dirs.ts';

export interface StackInfo {
  apiUrl: string;
  dbUrl: string;
  mailUrl: string;
  /** The inbound SMTP listener's port (mail to listing-{id}@… is handed to the inbound-email function). */
  smtpPort: number;
  /** The mail catcher's SMTP port (what the functions' SMTP_PORT names). */
  mailSmtpPort: number;
  /** The inbound-email function's shared secret (INBOUND_EMAIL_SECRET) on this stack. */
  inboundEmailSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dataDir: string;
  startupMs: number;
}

/**
 * Folder prefix of throwaway stacks (ownedTempDir appends `p<pid>-XXXXXX`).
 * `npm test` sets LISTINGDESK_TEST_RUN so its stray-process check judges only
 * the stacks of its own run, not those of another test run on the same machine.
 */
export function throwawayPrefix(kind = 'stack'): string {
  return `listingdesk-test-${process.env.LISTINGDESK_TEST_RUN ?? 'adhoc'}-${kind}-`;
}

/**
 * One test run signs in hundreds of users from 127.0.0.1 within minutes, far
 * past config.toml's per-address sign_in_sign_ups (GoTrue's 30 per 5 minutes).
 * Like a project tuning `[auth.rate_limit]`, the test stack runs a copy of
 * config.toml with that one value changed; everything else is the repository's.
 */
export const TEST_SIGN_IN_SIGN_UPS = 100_000;

/*
 * config.toml makes sign-up invitation-only (`enable_signup = false`). Many
 * integration tests exercise the auth service's own sign-up (confirmations,
 * passwords, invitation proof) and create users that way, so throwaway stacks
 * enable it unless `enableSignup: false` asks for the repository's setting;
 * tests/integration/invitations.test.ts runs one stack that way to prove the refusal.
 */
function testConfig(dataDir: string, limit: number, enableSignup: boolean): string {
  const original = fs.readFileSync(path.join(PROJECT_ROOT, 'supabase', 'config.toml'), 'utf8');
  const limited = original.replace(/^sign_in_sign_ups\s*=\s*\d+/m, `sign_in_sign_ups = ${limit}`);
  if (limited === original) throw new Error('supabase/config.toml has no [auth.rate_limit] sign_in_sign_ups line to raise');
  if (!/^enable_signup\s*=/m.test(limited)) throw new Error('supabase/config.toml has no [auth] enable_signup line to set');
  const edited = limited.replace(/^enable_signup\s*=\s*\w+/m, `enable_signup = ${enableSignup}`);
  const file = path.join(dataDir, 'config.toml');
  fs.writeFileSync(file, edited);
  return file;
}

/**
 * The AI provider of test stacks: none unless a test passes one (see
 * tests/support/ai-stack.ts), whatever a developer's supabase/functions/.env
 * says, so tests never reach a real model or spend a real key.
 */
export const NO_AI_PROVIDER: Record<string, string> = { OPENAI_API_KEY: '', OPENAI_BASE_URL: '', OPENAI_MODEL: '' };

/** What a test may change in its throwaway stack. */
export interface ThrowawayStackOptions {
  siteUrl?: string;
  signInSignUps?: number;
  trustedProxies?: string[];
  enableSignup?: boolean;
  /** Edge Function variables over supabase/functions/.env (AI settings default to none). */
  functionsEnv?: Record<string, string>;
  /** PostgREST answers plan requests (EXPLAIN), for benchmarks. */
  explainPlans?: boolean;
}

export async function startThrowawayStack(
  extra: ThrowawayStackOptions = {},
): Promise<{ info: StackInfo; stack: RunningStack; stop(): Promise<void> }> {
  sweepDeadTempDirs();
  // Ports are picked free and bound a moment later; another process (other test files start
  // stacks and open connections at the same time) may take one in between: start again on new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePorts(extra);
    } catch (error) {
      if (attempt === 3 || !isPortTaken(error)) throw error;
    }
  }
}

/** The stack CLI's five port options (`--api-port 5xxxx …`), each on a port free a moment ago. */
export async function freeStackPortOptions(): Promise<string[]> {
  const picked: string[] = [];
  for (const option of ['--api-port', '--db-port', '--mail-port', '--smtp-port', '--mail-smtp-port']) picked.push(option, String(await freePort()));
  return picked;
}

/** Whether a stack's output (the stack CLI's) says a port picked free a moment before was taken in between. */
export function mentionsPortTaken(text: string): boolean {
  return /EADDRINUSE|address already in use/i.test(text);
}

/** Whether a stack failed to start because a port picked free a moment before was taken in between. */
export function isPortTaken(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || mentionsPortTaken((error as Error).message ?? '');
}

/**
 * What every stack a test starts in its own process shares: five distinct ports
 * free a moment ago, a random JWT secret, no scheduled jobs (tests run them
 * themselves, with a test clock), temporary, ephemeral and quiet.
 */
export async function testStackOptions(): Promise<StartStackOptions> {
  const ports: number[] = [];
  const port = async () => {
    const picked = await freePort(ports);
    ports.push(picked);
    return picked;
  };
  return {
    temporary: true,
    apiPort: await port(),
    dbPort: await port(),
    mailPort: await port(),
    smtpPort: await port(),
    mailSmtpPort: await port(),
    jobsIntervalSeconds: 0,
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    ephemeral: true,
    quiet: true,
  };
}

async function startOnFreePorts(extra: ThrowawayStackOptions) {
  const folder = ownedTempDir(throwawayPrefix());
  const dataDir = folder.path;
  let stack: RunningStack;
  try {
    stack = await startStack({
      ...(await testStackOptions()),
      configFile: testConfig(dataDir, extra.signInSignUps ?? TEST_SIGN_IN_SIGN_UPS, extra.enableSignup ?? true),
      trustedProxies: extra.trustedProxies,
      dataDir,
      siteUrl: extra.siteUrl,
      functionsEnv: { ...NO_AI_PROVIDER, ...extra.functionsEnv },
      explainPlans: extra.explainPlans,
    });
  } catch (error) {
    folder.remove();
    throw error;
  }
  const c = stack.config;
  return {
    stack,
    info: {
      apiUrl: c.apiUrl,
      dbUrl: c.dbUrl,
      mailUrl: c.mailUrl,
      smtpPort: c.smtpPort,
      mailSmtpPort: c.mailSmtpPort,
      inboundEmailSecret: c.inboundEmailSecret,
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
