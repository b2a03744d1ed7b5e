/** CPU of the Edge Function workers a benchmark's in-process stack started, read from /proc. */
import fs from 'node:fs';

/** /proc's clock ticks are 10 ms here: figures below that are noise. */
export const MS_PER_TICK = 10;

/** CPU time (ms, user + system) of this process's Deno children (the function workers). */
export function denoCpuMs(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (comm === 'deno' && fields[1] === String(process.pid)) total += (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
    } catch {
      /* gone */
    }
  }
  return total;
}
