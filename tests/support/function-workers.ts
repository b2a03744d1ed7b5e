/**
 * The Deno processes serving one Edge Function on one stack (the local
 * stack runs one per function: stack/functions/workers.ts), found in /proc by
 * their command line (the function's folder) and environment (the stack's
 * SUPABASE_URL). A test that sends hostile input compares the ids before and
 * after: the same id means no request killed the worker.
 */
import fs from 'node:fs';

export function functionWorkerPids(functionName: string, apiUrl: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!command.some((arg) => arg.includes(`/functions/${functionName}/`))) continue;
      const environment = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environment.includes(`SUPABASE_URL=${apiUrl}`)) pids.push(Number(entry));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return pids.sort((a, b) => a - b);
}
