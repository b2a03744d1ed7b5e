/**
 * How long the local stack takes to become healthy: from a fresh data folder
 * (initdb + bootstrap + migrations + seed) and from an existing one, against
 * the 10 s target. Each run uses free ports and a temporary folder.
 */
import { freePort } from '../stack/processes.ts';
import { startStack } from '../stack/supervisor.ts';
import { ownedTempDir, sweepDeadTempDirs } from '../stack/temp-dirs.ts';

const TARGET_MS = 10_000;
const ROUNDS = 3;

async function once(dataDir: string): Promise<{ total: number; migrations: number }> {
  const t0 = performance.now();
  const stack = await startStack({ dataDir, apiPort: await freePort(), dbPort: await freePort(), mailPort: await freePort(), smtpPort: await freePort(), mailSmtpPort: await freePort(), jobsIntervalSeconds: 0, quiet: true });
  const total = performance.now() - t0;
  const migrations = stack.migrations.milliseconds;
  await stack.stop();
  return { total, migrations };
}

const fresh: number[] = [];
const warm: number[] = [];
let migrationMs = 0;
sweepDeadTempDirs();
for (let i = 0; i < ROUNDS; i++) {
  // Removed on any exit of this process (Ctrl-C included); a killed run's folder goes with the next sweep.
  const dir = ownedTempDir('listingdesk-bench-');
  try {
    const first = await once(dir.path);
    fresh.push(first.total);
    migrationMs = Math.max(migrationMs, first.migrations);
    warm.push((await once(dir.path)).total);
  } finally {
    dir.remove();
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`stack start, fresh data folder: median ${(median(fresh) / 1000).toFixed(2)} s over ${ROUNDS} (ratio to 10 s target: ${(median(fresh) / TARGET_MS).toFixed(2)})`);
console.log(`stack start, existing data:     median ${(median(warm) / 1000).toFixed(2)} s over ${ROUNDS} (ratio to 10 s target: ${(median(warm) / TARGET_MS).toFixed(2)})`);
console.log(`bootstrap + migrations + seed from zero: max ${(migrationMs / 1000).toFixed(2)} s (ratio to 5 s target: ${(migrationMs / 5000).toFixed(2)})`);
