/**
 * Configuration of one local stack instance: ports, folders and keys.
 *
 * The defaults mirror `supabase start` (API 54321, DB 54322, mail viewer 54324,
 * the well-known local JWT secret), so tooling written for the Supabase CLI
 * works against this stack unchanged. Tests build their own config with free
 * ports, a temporary data folder and a random secret.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { z } from 'zod';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The JWT secret `supabase start` uses; public knowledge, fine for a local stack only. */
export const SUPABASE_LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

const portSchema = z.coerce.number().int().min(1).max(65535);

export const stackOptionsSchema = z.object({
  projectRoot: z.string().default(PROJECT_ROOT),
  dataDir: z.string().optional(),
  apiPort: portSchema.default(54321),
  dbPort: portSchema.default(54322),
  mailPort: portSchema.default(54324),
  /** The inbound SMTP listener (stack/mail/smtp.ts): mail to listing-{id}@… handed to the inbound-email function. */
  smtpPort: portSchema.default(54325),
  /**
   * The mail catcher's SMTP port (stack/mail/catcher.ts): mail the Edge
   * Functions send (the deadline digest) is shown in the mail viewer, as
   * Mailpit's SMTP port catches it under `supabase start`. The functions get
   * it as SMTP_HOST / SMTP_PORT.
   */
  mailSmtpPort: portSchema.default(54326),
  /**
   * How often the stack runs the scheduled jobs that pg_cron runs on hosted
   * Supabase (stack/jobs.ts: deadline reminders and the daily digest), in
   * seconds; 0 turns the timer off (throwaway test stacks, which call the
   * jobs themselves with a test clock).
   */
  jobsIntervalSeconds: z.number().int().min(0).default(900),
  /**
   * The shared secret of the inbound-email function (INBOUND_EMAIL_SECRET),
   * used by the SMTP listener to sign what it hands over. Default: derived
   * from the JWT secret, so it is stable per stack and never a known constant.
   */
  inboundEmailSecret: z.string().min(16).optional(),
  /** Internal port of PostgREST; 0 picks a free one. */
  restPort: portSchema.or(z.literal(0)).default(0),
  jwtSecret: z.string().min(32).default(SUPABASE_LOCAL_JWT_SECRET),
  /** Where auth e-mail links send people back to by default (the Vite dev server). */
  siteUrl: z.string().url().default('http://127.0.0.1:5173'),
  /** Extra redirect URLs auth accepts besides siteUrl (prefix match). */
  additionalRedirectUrls: z.array(z.string()).default(['http://localhost:5173', 'http://127.0.0.1:4173']),
  /** Faster, non-durable Postgres for throwaway test stacks. */
  ephemeral: z.boolean().default(false),
  /** Sign-in attempts allowed per e-mail and address within the window. */
  signInRateLimit: z.number().int().positive().default(30),
  /**
   * Peer addresses of reverse proxies whose X-Forwarded-For is believed
   * (GoTrue uses a forwarding header only when GOTRUE_RATE_LIMIT_HEADER names
   * one). Empty: the socket address is the client, whatever headers it sends.
   */
  trustedProxies: z.array(z.string().min(1)).default([]),
  /** The config.toml the stack honours; default `<projectRoot>/supabase/config.toml` (test stacks pass an edited copy). */
  configFile: z.string().optional(),
  jwtExpirySeconds: z.number().int().min(60).default(3600),
  /**
   * Variables for the Edge Functions on top of supabase/functions/.env (like
   * the CLI's `functions serve --env-file`): test stacks point the AI settings
   * at a fake provider, or blank them so a developer's own key is never used.
   */
  functionsEnv: z.record(z.string(), z.string()).default({}),
  /**
   * PostgREST answers `Accept: application/vnd.pgrst.plan` with the query's
   * EXPLAIN (db-plan-enabled). For benchmarks only: hosted Supabase leaves it
   * off, and so does every other stack.
   */
  explainPlans: z.boolean().default(false),
});

export type StackOptions = z.input<typeof stackOptionsSchema>;

export interface StackConfig {
  projectRoot: string;
  dataDir: string;
  dbDir: string;
  logDir: string;
  storageDir: string;
  stateFile: string;
  apiPort: number;
  dbPort: number;
  mailPort: number;
  smtpPort: number;
  mailSmtpPort: number;
  jobsIntervalSeconds: number;
  inboundEmailSecret: string;
  restPort: number;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  additionalRedirectUrls: string[];
  ephemeral: boolean;
  signInRateLimit: number;
  trustedProxies: string[];
  configFile: string;
  jwtExpirySeconds: number;
  apiUrl: string;
  dbUrl: string;
  mailUrl: string;
  supabaseDir: string;
  functionsDir: string;
  functionsEnv: Record<string, string>;
  explainPlans: boolean;
}

/** An IP address as compared with a socket's peer: IPv4-mapped IPv6 ("::ffff:127.0.0.1") as plain IPv4. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice(7) : trimmed;
}

/** Signs an API key the way the Supabase CLI does (stable for a given secret). */
export async function signApiKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(1983812996)
    .sign(new TextEncoder().encode(secret));
}

export async function resolveConfig(input: StackOptions = {}): Promise<StackConfig> {
  const o = stackOptionsSchema.parse(input);
  const dataDir = path.resolve(o.dataDir ?? path.join(o.projectRoot, '.stack'));
  const host = '127.0.0.1';
  const inboundEmailSecret = o.inboundEmailSecret ?? crypto.createHmac('sha256', o.jwtSecret).update('listingdesk-inbound-email').digest('hex');
  return {
    projectRoot: o.projectRoot,
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    logDir: path.join(dataDir, 'logs'),
    storageDir: path.join(dataDir, 'storage'),
    stateFile: path.join(dataDir, 'stack.json'),
    apiPort: o.apiPort,
    dbPort: o.dbPort,
    mailPort: o.mailPort,
    smtpPort: o.smtpPort,
    mailSmtpPort: o.mailSmtpPort,
    jobsIntervalSeconds: o.jobsIntervalSeconds,
    inboundEmailSecret,
    restPort: o.restPort,
    jwtSecret: o.jwtSecret,
    anonKey: await signApiKey('anon', o.jwtSecret),
    serviceRoleKey: await signApiKey('service_role', o.jwtSecret),
    siteUrl: o.siteUrl,
    additionalRedirectUrls: o.additionalRedirectUrls,
    ephemeral: o.ephemeral,
    signInRateLimit: o.signInRateLimit,
    trustedProxies: o.trustedProxies.map(normalizeAddress),
    configFile: path.resolve(o.configFile ?? path.join(o.projectRoot, 'supabase', 'config.toml')),
    jwtExpirySeconds: o.jwtExpirySeconds,
    apiUrl: `http://${host}:${o.apiPort}`,
    dbUrl: `postgresql://postgres:postgres@${host}:${o.dbPort}/postgres`,
    mailUrl: `http://${host}:${o.mailPort}`,
    supabaseDir: path.join(o.projectRoot, 'supabase'),
    functionsDir: path.join(o.projectRoot, 'supabase', 'functions'),
    // The listener and the function share the secret; functionsEnv may still override it (tests of an unset secret).
    // Mail the functions send goes to the mail catcher; links in it (and in calendar feeds) point at the app.
    functionsEnv: {
      INBOUND_EMAIL_SECRET: inboundEmailSecret,
      SMTP_HOST: host,
      SMTP_PORT: String(o.mailSmtpPort),
      SMTP_SECURE: 'false',
      SITE_URL: o.siteUrl,
      ...o.functionsEnv,
    },
    explainPlans: o.explainPlans,
  };
}

/** The variables `supabase status -o env` prints, with this stack's values. */
export function statusEnv(c: StackConfig): Record<string, string> {
  return {
    ANON_KEY: c.anonKey,
    API_URL: c.apiUrl,
    DB_URL: c.dbUrl,
    FUNCTIONS_URL: `${c.apiUrl}/functions/v1`,
    INBOUND_SMTP_PORT: String(c.smtpPort),
    MAIL_SMTP_PORT: String(c.mailSmtpPort),
    INBUCKET_URL: c.mailUrl,
    JWT_SECRET: c.jwtSecret,
    MAILPIT_URL: c.mailUrl,
    PUBLISHABLE_KEY: c.anonKey,
    REST_URL: `${c.apiUrl}/rest/v1`,
    SECRET_KEY: c.serviceRoleKey,
    SERVICE_ROLE_KEY: c.serviceRoleKey,
    STORAGE_URL: `${c.apiUrl}/storage/v1`,
  };
}
