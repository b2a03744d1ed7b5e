/**
 * The scheduled jobs pg_cron runs on hosted Supabase and under the Supabase
 * CLI (migration 20251127002400_schedule_deadline_jobs.sql), run by the local
 * stack on a timer instead, since embedded PostgreSQL has no pg_cron:
 *
 *   - `public.send_deadline_reminders()` (deadline notifications), called
 *     through PostgREST with the service role key, as the cron job runs it
 *     with the database's own rights;
 *   - the `deadline-digest` Edge Function (the daily e-mail), called with the
 *     service role key, as the cron job calls it through pg_net;
 *   - `public.enqueue_party_messages()` (the messages to parties whose key
 *     date comes near), then the `party-messages` Edge Function, which sends
 *     the approved ones that are due.
 *
 * All are idempotent (each reminder, digest and message is sent once), so a run
 * that overlaps with a test's own call, or runs twice, sends nothing twice.
 * Every `jobsIntervalSeconds` (default 900, the cron's 15 minutes; 0 = off:
 * throwaway test stacks call the jobs themselves with a test clock), the
 * first run a few seconds after start so `npm run dev` shows due reminders at once.
 */
import type { StackConfig } from './config.ts';
import type { Logger } from './log.ts';

export interface JobTarget {
  apiUrl: string;
  serviceRoleKey: string;
}

export interface JobResults {
  /** Notifications written by send_deadline_reminders(). */
  reminders: number;
  /** The digest function's answer. */
  digest: { sent: number; skipped?: number; failed?: number };
  /** Messages to parties created by enqueue_party_messages(). */
  partyMessagesQueued: number;
  /** The party-messages function's answer. */
  partyMessages: { sent: number; failed: number };
}

const FIRST_RUN_DELAY_MS = 5_000;

async function call(url: string, key: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** One run of the scheduled jobs; `at` (a test clock) is handed to each when given. */
export async function runDeadlineJobs(target: JobTarget, at?: Date): Promise<JobResults> {
  const clock = at ? { at: at.toISOString() } : {};
  const reminders = Number(await call(`${target.apiUrl}/rest/v1/rpc/send_deadline_reminders`, target.serviceRoleKey, clock));
  const digest = (await call(`${target.apiUrl}/functions/v1/deadline-digest`, target.serviceRoleKey, clock)) as JobResults['digest'];
  const partyMessagesQueued = Number(await call(`${target.apiUrl}/rest/v1/rpc/enqueue_party_messages`, target.serviceRoleKey, clock));
  const partyMessages = (await call(`${target.apiUrl}/functions/v1/party-messages`, target.serviceRoleKey, clock)) as JobResults['partyMessages'];
  return { reminders, digest, partyMessagesQueued, partyMessages };
}

/** Starts the timer; `stop()` waits for a run in progress. */
export function startJobTimer(config: Pick<StackConfig, 'apiUrl' | 'serviceRoleKey' | 'jobsIntervalSeconds'>, log: Logger): { stop(): Promise<void> } {
  if (config.jobsIntervalSeconds <= 0) return { stop: async () => undefined };
  let running: Promise<void> | undefined;
  const tick = () => {
    // A run still going (a slow digest) is not doubled up.
    if (running) return;
    running = runDeadlineJobs(config)
      .then((r) => {
        if (r.reminders > 0 || r.digest.sent > 0 || r.digest.failed) log.part('jobs', `deadline reminders: ${r.reminders}, digests sent: ${r.digest.sent}${r.digest.failed ? `, failed: ${r.digest.failed}` : ''}`);
        const m = r.partyMessages;
        if (r.partyMessagesQueued > 0 || m.sent > 0 || m.failed > 0) log.part('jobs', `party messages queued: ${r.partyMessagesQueued}, sent: ${m.sent}${m.failed ? `, failed: ${m.failed}` : ''}`);
      })
      .catch((error: Error) => log.part('jobs', `deadline jobs failed: ${error.message}`))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(tick, FIRST_RUN_DELAY_MS);
  const timer = setInterval(tick, config.jobsIntervalSeconds * 1000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
