/**
 * The `npm run stack` verbs as a developer uses them: start detached, status,
 * a second start, stop without strays, data kept across restarts, reset, and a
 * crashed part reported with its log. Runs its own stack on free ports.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownedTempDir, type OwnedTempDir } from '../../stack/temp-dirs.ts';
import { freeStackPortOptions, mentionsPortTaken, throwawayPrefix } from '../support/throwaway-stack.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let folder: OwnedTempDir;
let ports: string[];

function stack(...args: string[]) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'stack/cli.ts'), ...args, '--data-dir', dataDir, ...ports], {
    cwd: root,
    encoding: 'utf8',
    // Past the CLI's own 120 s wait for a healthy stack, so its message (with the supervisor's last log lines) is seen.
    timeout: 150_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, seconds: (performance.now() - t0) / 1000 };
}

function processesUsing(dir: string): string[] {
  return spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((l) => l.includes(dir) && !l.includes('ps -eo'));
}

async function query(dbPort: string, sql: string) {
  const client = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres` });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

// Each test starts and stops whole stacks; allow for a loaded 2-core CI machine.
describe('npm run stack', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    folder = ownedTempDir(throwawayPrefix('cli'));
    dataDir = folder.path;
    ports = await freeStackPortOptions();
  });
  afterAll(() => {
    stack('stop');
    folder?.remove();
  });

  it('starts detached, reports status, refuses a second start politely and stops without strays', async () => {
    let started = stack('start');
    // Ports are picked free and bound seconds later (after initdb); another worker's stack or connection may
    // take one in between: start again, fresh, on new ports, as tests/support/throwaway-stack.ts does.
    for (let attempt = 2; attempt <= 3 && started.code !== 0 && mentionsPortTaken(started.out); attempt++) {
      stack('stop');
      folder.remove();
      folder = ownedTempDir(throwawayPrefix('cli'));
      dataDir = folder.path;
      ports = await freeStackPortOptions();
      started = stack('start');
    }
    expect(started.code, `start exits 0:\n${started.out}`).toBe(0);
    console.log(`stack start (fresh data folder, initdb + migrations + seed): ${started.seconds.toFixed(1)} s`);

    const status = stack('status', '-o', 'env');
    expect(status.code, 'status exits 0 while running').toBe(0);
    for (const name of ['API_URL', 'DB_URL', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'JWT_SECRET']) {
      expect(status.out, `status -o env prints ${name}="…"`).toMatch(new RegExp(`^${name}="[^"]+"$`, 'm'));
    }

    const again = stack('start');
    expect(again.code, 'a second start exits 0').toBe(0);
    expect(again.out, 'a second start says the stack is already running').toMatch(/already running/);

    const dbPort = ports[3];
    await query(dbPort, 'create table public.kept_across_restarts (id int primary key); insert into public.kept_across_restarts values (42);');

    const stopped = stack('stop');
    expect(stopped.code, 'stop exits 0').toBe(0);
    expect(processesUsing(dataDir), 'no process of the stack is left after stop').toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'stack.json')), 'no state file is left after stop').toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'db', 'postmaster.pid')), 'PostgreSQL shut down cleanly').toBe(false);
    expect(stack('status').code, 'status exits non-zero when the stack is down').not.toBe(0);

    const restarted = stack('start');
    expect(restarted.code, `a restart after stop works:\n${restarted.out}`).toBe(0);
    console.log(`stack start (existing data folder): ${restarted.seconds.toFixed(1)} s`);
    const kept = await query(dbPort, 'select id from public.kept_across_restarts');
    expect(kept.rows, 'data is kept across restarts').toEqual([{ id: 42 }]);
  });

  it('reset re-creates the database from migrations and seed, repeatably', async () => {
    const dbPort = ports[3];
    for (let round = 1; round <= 2; round++) {
      const reset = stack('reset');
      expect(reset.code, `reset #${round} exits 0:\n${reset.out}`).toBe(0);
      console.log(`stack reset #${round}: ${reset.seconds.toFixed(1)} s — ${reset.out.match(/Reset the database.*/)?.[0] ?? ''}`);
      const gone = await query(dbPort, "select to_regclass('public.kept_across_restarts') as t");
      expect(gone.rows[0].t, 'reset drops objects that are not in the migrations').toBeNull();
      const history = await query(dbPort, 'select count(*)::int as n from supabase_migrations.schema_migrations');
      const files = fs.readdirSync(path.join(root, 'supabase/migrations')).filter((f) => f.endsWith('.sql')).length;
      expect(history.rows[0].n, 'every migration is recorded after reset').toBe(files);
    }
    expect(stack('status').code, 'the stack runs again after a reset of a running stack').toBe(0);
  });

  it('reports a crashed part with its log instead of hiding it', async () => {
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as { pid: number };
    const children = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(state.pid)], { encoding: 'utf8' }).stdout.split('\n');
    const postgrest = children.find((l) => l.includes('postgrest'));
    expect(postgrest, 'PostgREST runs as a child of the supervisor').toBeTruthy();
    process.kill(Number(postgrest!.trim().split(/\s+/)[0]), 'SIGKILL');

    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && stack('status').code === 0) await new Promise((r) => setTimeout(r, 200));
    expect(stack('status').code, 'status reports the stack as down after a crash').not.toBe(0);
    const log = fs.readFileSync(path.join(dataDir, 'logs', 'supervisor.log'), 'utf8');
    expect(log, 'the supervisor log names the crashed part and quotes its log').toMatch(/postgrest exited unexpectedly[\s\S]*last lines of/);
    const deadline2 = Date.now() + 20_000;
    while (Date.now() < deadline2 && processesUsing(dataDir).length > 0) await new Promise((r) => setTimeout(r, 200));
    expect(processesUsing(dataDir), 'the other parts are stopped after a crash, nothing stray').toEqual([]);
    expect(stack('start').code, 'the stack starts again after a crash').toBe(0);
  });

  it('leaves nothing running when the supervisor itself is killed', async () => {
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as { pid: number };
    process.kill(state.pid, 'SIGKILL');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && processesUsing(dataDir).length > 0) await new Promise((r) => setTimeout(r, 200));
    expect(processesUsing(dataDir), 'the watchdog stops PostgreSQL and PostgREST after a SIGKILLed supervisor').toEqual([]);
    expect(stack('status').code, 'status reports the stack as down').not.toBe(0);
    expect(stack('start').code, 'the stack starts again afterwards').toBe(0);
  });
});
