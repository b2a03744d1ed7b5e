/**
 * A stack whose start fails late — here the gateway's port is taken, after
 * PostgreSQL, PostgREST and every service (Realtime streaming from its
 * replication slot) have started — stops everything it started and reports
 * the failure, instead of hanging: an open replication connection used to keep
 * PostgreSQL's shutdown waiting forever (seen as stack starts that never ended
 * when a freshly picked port was taken in between).
 */
import net from 'node:net';
import { spawnSync } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../stack/processes.ts';
import { startStack } from '../../stack/supervisor.ts';
import { ownedTempDir } from '../../stack/temp-dirs.ts';
import { isPortTaken, testStackOptions, throwawayPrefix } from '../support/throwaway-stack.ts';

const folder = ownedTempDir(throwawayPrefix('failed-start'));
const blocker = net.createServer();
afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve));
  folder.remove();
});

it('a start that fails at the gateway stops PostgreSQL and every part it started, and says why', { timeout: 120_000 }, async () => {
  const apiPort = await freePort();
  await new Promise<void>((resolve) => blocker.listen(apiPort, '127.0.0.1', resolve));
  const failure = await startStack({ ...(await testStackOptions()), dataDir: folder.path, apiPort }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(isPortTaken(failure), `the start fails because the gateway's port is taken: ${String(failure)}`).toBe(true);
  const left = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.includes(folder.path) && !line.includes('ps -eo'));
  expect(left, 'no process of the failed stack is left').toEqual([]);
});
