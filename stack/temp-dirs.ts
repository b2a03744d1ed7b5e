/**
 * Temporary folders that never outlive their run.
 *
 * Every temporary folder of the stack, the test harness and the benchmarks is
 * named `listingdesk-<what>-p<pid>-XXXXXX` after the process that owns it, and
 *  - is removed by that process when done, on exit, on SIGINT/SIGTERM/SIGHUP
 *    (exit hooks below), and by the stack's watchdog if the owner is killed;
 *  - otherwise (a SIGKILLed owner, a crashed machine) is removed by the next
 *    run's sweep (`sweepDeadTempDirs`), which only takes folders whose owner
 *    process is gone: a live concurrent run is never touched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `listingdesk-…-p<owner pid>-<6 random characters>` */
const OWNED = /^listingdesk-.+-p(\d+)-[A-Za-z0-9]{6}$/;

type Cleanup = () => void;
const cleanups = new Set<Cleanup>();
let hooked = false;

/** Last registered first: a stack's processes stop before the folder that holds them goes. */
function runCleanups(): void {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      /* best effort while exiting */
    }
  }
}

/**
 * Runs `cleanup` (synchronously) when the process exits or is stopped by a
 * signal, unless the returned function unregisters it first. When nothing else
 * handles the signal, the process then dies of it as it would have.
 */
export function onExit(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  if (!hooked) {
    hooked = true;
    process.on('exit', runCleanups);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      const handler = () => {
        runCleanups();
        if (process.listenerCount(signal) === 1) {
          process.removeListener(signal, handler);
          process.kill(process.pid, signal);
        }
      };
      process.on(signal, handler);
    }
  }
  return () => cleanups.delete(cleanup);
}

/** Sleeps synchronously (exit hooks cannot await). */
export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes a folder whose processes may still be writing their last files. */
export function removeSync(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

export interface OwnedTempDir {
  path: string;
  /** Removes the folder now (and forgets the exit hook). */
  remove(): void;
}

/**
 * A new folder `<tmp>/<prefix>p<pid>-XXXXXX`, removed when this process exits.
 * Mode 0711: other users (the postgres user) may traverse it, not list it.
 */
export function ownedTempDir(prefix: string): OwnedTempDir {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}p${process.pid}-`));
  fs.chmodSync(dir, 0o711);
  const unregister = onExit(() => removeSync(dir));
  return {
    path: dir,
    remove() {
      unregister();
      removeSync(dir);
    },
  };
}

/** Removes owned temporary folders whose owner process is gone; returns what it removed. */
export function sweepDeadTempDirs(tmp = os.tmpdir()): string[] {
  const removed: string[] = [];
  for (const name of fs.readdirSync(tmp)) {
    const owner = OWNED.exec(name);
    if (!owner || alive(Number(owner[1]))) continue;
    const dir = path.join(tmp, name);
    try {
      removeSync(dir);
      removed.push(dir);
    } catch {
      /* someone else's, or already gone */
    }
  }
  return removed;
}
