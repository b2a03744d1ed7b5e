/**
 * No litter: a run that is interrupted (Ctrl-C / SIGTERM) or killed outright
 * (SIGKILL) at a random point after its throwaway stack started leaves
 * nothing in the temp folder — at once for a signal, after the next run's
 * sweep for SIGKILL — and the sweep never touches a live run's folders.
 * Each child run gets its own TMPDIR, so "nothing left" is exact.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, ownedTempDir, sweepDeadTempDirs } from '../../stack/temp-dirs.ts';
import { throwawayPrefix } from '../support/throwaway-stack.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tmpRoot = ownedTempDir(throwawayPrefix('tmpdir'));
afterAll(() => tmpRoot.remove());

function processesMentioning(text: string): string[] {
  return spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((l) => l.includes(text) && !l.includes('ps -eo'));
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

/** A throwaway stack in a child process with its own temp folder; resolves once the stack is healthy. */
async function startChild(tmp: string): Promise<{ child: ChildProcess; dataDir: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/fixtures/stacks/throwaway-child.ts')], {
    cwd: root,
    // TSX_DISABLE_CACHE as package.json's scripts set it: tsx's compile cache would stay in the temp folder.
    env: { ...process.env, TMPDIR: tmp, TSX_DISABLE_CACHE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      const first = out.split('\n').find((l) => l.startsWith('{'));
      if (first) resolve(first);
    });
    child.once('exit', (code) => reject(new Error(`the child run exited (${code}) before its stack started`)));
  });
  return { child, dataDir: (JSON.parse(line) as { dataDir: string }).dataDir };
}

/** What is left in a temp folder. */
function entriesOf(dir: string): string[] {
  return fs.readdirSync(dir);
}

describe('temporary folders of interrupted runs', { timeout: 180_000 }, () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`a run stopped by ${signal} removes its throwaway stack at once`, async () => {
      const tmp = fs.mkdtempSync(path.join(tmpRoot.path, `${signal}-`));
      const { child, dataDir } = await startChild(tmp);
      expect(dataDir.startsWith(tmp), 'the stack lives in the temp folder it was given').toBe(true);
      await new Promise((r) => setTimeout(r, Math.random() * 2000));
      child.kill(signal);
      await new Promise((r) => child.once('exit', r));
      expect(await until(() => entriesOf(tmp).length === 0, 10_000), `nothing is left in the temp folder after ${signal}: ${entriesOf(tmp).join(', ')}`).toBe(true);
      expect(await until(() => processesMentioning(dataDir).length === 0, 10_000), 'no process of the stack is left').toBe(true);
    });
  }

  it('a SIGKILLed run leaves nothing after the next run’s sweep, and the sweep spares live runs', async () => {
    const tmp = fs.mkdtempSync(path.join(tmpRoot.path, 'SIGKILL-'));
    const live = await startChild(tmp);
    const killed = await startChild(tmp);
    await new Promise((r) => setTimeout(r, Math.random() * 2000));
    killed.child.kill('SIGKILL');
    await new Promise((r) => killed.child.once('exit', r));
    expect(await until(() => !alive(killed.child.pid!), 5000), 'the killed run is gone').toBe(true);

    // The next run's sweep (npm test and every throwaway stack start with it).
    sweepDeadTempDirs(tmp);
    expect(fs.existsSync(killed.dataDir), 'the killed run’s stack folder is swept').toBe(false);
    expect(fs.existsSync(live.dataDir), 'a live concurrent run’s stack folder is never swept').toBe(true);
    expect(await until(() => processesMentioning(killed.dataDir).length === 0, 20_000), 'the watchdog stopped the killed run’s processes').toBe(true);

    live.child.kill('SIGINT');
    await new Promise((r) => live.child.once('exit', r));
    expect(await until(() => entriesOf(tmp).length === 0, 10_000), `nothing is left in the temp folder: ${entriesOf(tmp).join(', ')}`).toBe(true);
    // Its watchdog too (its arguments name the folder): one left polling would count as a stray process of the run.
    expect(await until(() => processesMentioning(live.dataDir).length === 0, 10_000), 'no process of the live run is left').toBe(true);
  });
});
