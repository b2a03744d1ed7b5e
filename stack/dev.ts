/**
 * `npm run dev`: the local stack (reused if `npm run stack -- start` already
 * runs it) plus the Vite dev server, with URLs and demo logins printed.
 * Ctrl-C stops what this command started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { aiSetupLine } from './ai-setup.ts';
import { resolveConfig, statusEnv } from './config.ts';
import { readFunctionsEnvFile } from './functions/workers.ts';
import { onShutdownSignal, startStack, type StackState } from './supervisor.ts';

/** `npm run dev -- --smtp-port 2525` */
function flag(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const config = await resolveConfig({
  dataDir: process.env.STACK_DATA_DIR,
  apiPort: process.env.STACK_API_PORT as unknown as number | undefined,
  dbPort: process.env.STACK_DB_PORT as unknown as number | undefined,
  mailPort: process.env.STACK_MAIL_PORT as unknown as number | undefined,
  smtpPort: (process.env.STACK_SMTP_PORT ?? flag('--smtp-port')) as unknown as number | undefined,
  mailSmtpPort: process.env.STACK_MAIL_SMTP_PORT as unknown as number | undefined,
  jobsIntervalSeconds: process.env.STACK_JOBS_INTERVAL_SECONDS ? Number(process.env.STACK_JOBS_INTERVAL_SECONDS) : undefined,
});

function runningStack(): StackState | undefined {
  try {
    const state = JSON.parse(fs.readFileSync(config.stateFile, 'utf8')) as StackState;
    process.kill(state.pid, 0);
    return state;
  } catch {
    return undefined;
  }
}

const existing = runningStack();
const stack = existing
  ? undefined
  : await startStack({
      dataDir: config.dataDir,
      apiPort: config.apiPort,
      dbPort: config.dbPort,
      mailPort: config.mailPort,
      smtpPort: config.smtpPort,
      mailSmtpPort: config.mailSmtpPort,
      jobsIntervalSeconds: config.jobsIntervalSeconds,
    });
const env = existing?.env ?? statusEnv(config);

process.env.VITE_SUPABASE_URL = env.API_URL;
process.env.VITE_SUPABASE_ANON_KEY = env.ANON_KEY;
const vite = await createServer({ root: config.projectRoot, server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
const appUrl = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';

interface DemoLogin {
  email: string;
  password: string;
  role: string;
  note?: string;
}
const loginsFile = path.join(config.projectRoot, 'supabase', 'demo-logins.json');
const logins: DemoLogin[] = fs.existsSync(loginsFile) ? JSON.parse(fs.readFileSync(loginsFile, 'utf8')) : [];

console.log(`
  ListingDesk is running${existing ? ' (reusing the local stack started earlier)' : ''}

  App          ${appUrl}
  API          ${env.API_URL}
  Database     ${env.DB_URL}
  Mail viewer  ${env.MAILPIT_URL}
  Inbound SMTP 127.0.0.1:${env.INBOUND_SMTP_PORT ?? config.smtpPort}  (mail listing-{id}@… here to file it on a listing)
  Mail catcher 127.0.0.1:${env.MAIL_SMTP_PORT ?? config.mailSmtpPort}  (SMTP the functions send through, e.g. the 7:00 AM deadline digest; shown in the mail viewer)
  AI           ${aiSetupLine(readFunctionsEnvFile(config.functionsDir))}
${logins.length ? `\n  Demo logins\n${logins.map((l) => `    ${l.role.padEnd(12)} ${l.email.padEnd(34)} ${l.password}${l.note ? `  (${l.note})` : ''}`).join('\n')}\n` : ''}
  Ctrl-C stops ${existing ? 'the app (the stack keeps running: npm run stack -- stop)' : 'the app and the local stack'}.
`);

const shutdown = async () => {
  await vite.close();
  await stack?.stop();
  process.exit(0);
};
onShutdownSignal(() => void shutdown());
void stack?.crashed.then(async (message) => {
  console.error(message);
  await vite.close();
  process.exit(1);
});
