import fs from 'node:fs';
import path from 'node:path';

/**
 * Throughput of one request under concurrency: `concurrency` loops send it
 * back to back for `windowMs`; req/s counts completed requests over the
 * time until the last one returned. Latencies are kept for percentiles.
 * With a database CPU meter, the CPU time Postgres spent in the window is
 * kept too: throughput depends on everything sharing the machine's cores
 * (gateway, PostgREST, this client), the database's CPU per request only on
 * what the query and its policies cost.
 */
export interface Sample {
  requests: number;
  seconds: number;
  latencies: number[];
  /** CPU time of the database's processes during the window, in ms (undefined without a meter). */
  databaseCpuMs?: number;
}

/** Reads the CPU time (ms) used so far by the processes of one Postgres server. */
export type CpuMeter = () => number;

// Linux reports process CPU times in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on.
const MS_PER_TICK = 10;

/** Parent pid and CPU time (ms) of a process, from one read of /proc/<pid>/stat; undefined once it is gone. */
function processStat(pid: string): { parent: string; cpuMs: number } | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The fields after the command name (which may contain spaces and parentheses): state, ppid, …; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: fields[1], cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK };
}

/**
 * A meter for the Postgres server whose data directory is `dataDir`: the
 * postmaster and its children (backends serving PostgREST, background
 * workers). A backend that exits during a window takes its CPU time with it;
 * PostgREST keeps its connections, so that is rare. Undefined where /proc is
 * missing (not Linux).
 */
export function databaseCpuMeter(dataDir: string): CpuMeter | undefined {
  let postmaster: string;
  try {
    postmaster = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  } catch {
    return undefined;
  }
  if (!processStat(postmaster)) return undefined;
  return () => {
    let total = processStat(postmaster)?.cpuMs ?? 0;
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = processStat(pid);
      if (stat?.parent === postmaster) total += stat.cpuMs;
    }
    return total;
  };
}

export async function sample(send: () => Promise<void>, windowMs: number, concurrency: number, meter?: CpuMeter): Promise<Sample> {
  const cpuBefore = meter?.();
  const started = performance.now();
  const end = started + windowMs;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await send();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length, seconds, latencies, databaseCpuMs: meter ? meter() - cpuBefore! : undefined };
}

/** Sums samples (alternating rounds of two modes are summed per mode). */
export function combine(samples: Sample[]): Sample {
  return {
    requests: samples.reduce((n, s) => n + s.requests, 0),
    seconds: samples.reduce((n, s) => n + s.seconds, 0),
    latencies: samples.flatMap((s) => s.latencies),
    databaseCpuMs: samples.every((s) => s.databaseCpuMs !== undefined) ? samples.reduce((n, s) => n + s.databaseCpuMs!, 0) : undefined,
  };
}

export const perSecond = (s: Sample) => s.requests / s.seconds;

/** The database's CPU time per request in µs, when metered. */
export const databaseCpuPerRequest = (s: Sample) => (s.databaseCpuMs === undefined || s.requests === 0 ? undefined : (s.databaseCpuMs * 1000) / s.requests);
