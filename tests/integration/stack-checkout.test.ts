/**
 * A checkout anywhere: the repository cloned into a private folder (mode 700,
 * as `mktemp -d` or a root home gives) runs `npm run stack -- start/status/stop`
 * (the first fresh start builds the cluster and keeps a copy) and an
 * integration test file (whose stacks start from that copy), and no folder
 * outside the clone and the stack's own cache/data folders changes its permissions.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheRoot } from '../../stack/pg-binaries.ts';
import { relocatedDataRoot } from '../../stack/postgres.ts';
import { onExit, removeSync } from '../../stack/temp-dirs.ts';
import { freeStackPortOptions, mentionsPortTaken, throwawayPrefix } from '../support/throwaway-stack.ts';

const root = path.resolve(import.meta.dirname, '../..');
let privateDir: string;
let clone: string;
let ports: string[];
let forget = () => undefined as unknown;
/** The disk's temporary folder: node_modules goes into the clone as hard links. (npm test may move TMPDIR into RAM, scripts/test.ts.) */
const diskTmp = process.env.LISTINGDESK_DISK_TMPDIR ?? os.tmpdir();

/** Folders the stack must not touch, with their modes before the test. */
const watched = () => [...new Set(['/', '/root', os.tmpdir(), diskTmp, '/var', '/var/cache', '/var/lib', privateDir, clone])].filter((d) => fs.existsSync(d));
const modes = () => Object.fromEntries(watched().map((d) => [d, (fs.statSync(d).mode & 0o7777).toString(8)]));

function run(command: string, args: string[], timeout = 180_000) {
  const env = { ...process.env };
  delete env.LISTINGDESK_TEST_RUN;
  const r = spawnSync(command, args, { cwd: clone, encoding: 'utf8', timeout, env });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** Where the clone's PostgreSQL data went (the stack links it from .stack/db), to remove it afterwards. */
function relocatedDb(): string | undefined {
  const link = path.join(clone, '.stack', 'db');
  return fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() ? fs.readlinkSync(link) : undefined;
}

function cleanUp(): void {
  if (!clone) return;
  run(process.execPath, ['--import', 'tsx', 'stack/cli.ts', 'stop', ...ports], 60_000);
  const db = relocatedDb();
  if (db) removeSync(db);
  removeSync(privateDir);
}

describe('a checkout in a private folder', { timeout: 600_000 }, () => {
  let before: Record<string, string>;

  beforeAll(async () => {
    privateDir = spawnSync('mktemp', ['-d', '-p', diskTmp, `${throwawayPrefix('checkout')}p${process.pid}-XXXXXX`], { encoding: 'utf8' }).stdout.trim();
    forget = onExit(cleanUp);
    expect(fs.statSync(privateDir).mode & 0o777, 'mktemp -d gives a private folder (0700)').toBe(0o700);
    clone = path.join(privateDir, 'listingdesk');
    const cloned = spawnSync('git', ['clone', '--quiet', root, clone], { encoding: 'utf8' });
    expect(cloned.status, `git clone works: ${cloned.stderr}`).toBe(0);
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
    expect(spawnSync('git', ['rev-parse', 'HEAD'], { cwd: clone, encoding: 'utf8' }).stdout.trim(), 'the clone is at our HEAD').toBe(head);
    // node_modules as hard links (the point is the private path); of its caches only what `npm install` makes,
    // the Deno cache, as a real copy since Deno writes into it: no cached cluster, so the first start runs initdb.
    expect(spawnSync('cp', ['-al', path.join(root, 'node_modules'), clone]).status, 'node_modules copied').toBe(0);
    const denoCache = path.join(root, 'node_modules', '.cache', 'deno');
    fs.rmSync(path.join(clone, 'node_modules', '.cache'), { recursive: true, force: true });
    if (fs.existsSync(denoCache)) fs.cpSync(denoCache, path.join(clone, 'node_modules', '.cache', 'deno'), { recursive: true });
    ports = await freeStackPortOptions();
    before = modes();
  });

  afterAll(() => {
    cleanUp();
    forget();
  });

  it('starts, reports status and stops the stack from the private clone', async () => {
    // Ports are picked free and bound seconds later (after initdb); another worker's stack or connection
    // may take one in between, as tests/support/throwaway-stack.ts knows: start again on new ports.
    let started = run(process.execPath, ['--import', 'tsx', 'stack/cli.ts', 'start', ...ports]);
    for (let attempt = 2; attempt <= 3 && started.code !== 0 && mentionsPortTaken(started.out); attempt++) {
      run(process.execPath, ['--import', 'tsx', 'stack/cli.ts', 'stop', ...ports], 60_000);
      ports = await freeStackPortOptions();
      started = run(process.execPath, ['--import', 'tsx', 'stack/cli.ts', 'start', ...ports]);
    }
    expect(started.code, `stack start works in a 0700 checkout:\n${started.out}`).toBe(0);
    const status = run(process.execPath, ['--import', 'tsx', 'stack/cli.ts', 'status', '-o', 'env', ...ports]);
    expect(status.code, `status reports the stack as running:\n${status.out}`).toBe(0);
    expect(status.out, 'status prints the API URL').toMatch(/^API_URL="http:\/\/127\.0\.0\.1:\d+"$/m);
    const db = relocatedDb();
    if (db) expect(db.startsWith(`${relocatedDataRoot()}/`), `the cluster of a private checkout lives under ${relocatedDataRoot()}`).toBe(true);
    const clusters = path.join(clone, 'node_modules', '.cache', 'listingdesk');
    const kept = fs.existsSync(clusters) ? fs.readdirSync(clusters).filter((n) => fs.existsSync(path.join(clusters, n, '.complete.json'))) : [];
    expect(kept.length, 'the first fresh start keeps its migrated cluster in the clone for later fresh starts').toBe(1);
    const stopped = run(process.execPath, ['--import', 'tsx', 'stack/cli.ts', 'stop', ...ports]);
    expect(stopped.code, `stop works:\n${stopped.out}`).toBe(0);
    expect(modes(), 'no folder outside the clone and the stack’s own folders changed mode').toEqual(before);
  });

  it('runs an integration test file from the private clone', () => {
    const tests = run('npx', ['vitest', 'run', '--project', 'integration', 'tests/integration/functions.test.ts'], 300_000);
    expect(tests.code, `the functions tests pass from a 0700 checkout:\n${tests.out.slice(-3000)}`).toBe(0);
    expect(modes(), 'no folder outside the clone and the stack’s own folders changed mode').toEqual(before);
    const cache = fs.readdirSync(cacheRoot()).filter((n) => n.startsWith('pg-') && fs.existsSync(path.join(cacheRoot(), n, '.complete.json')));
    if (process.getuid?.() === 0) expect(cache.length, `PostgreSQL runs from a complete binary cache in ${cacheRoot()}`).toBeGreaterThan(0);
  });
});
