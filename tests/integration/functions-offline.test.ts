/**
 * Edge Functions offline: after the install-time caching step
 * (`scripts/cache-functions.ts`, run by `npm install`) into the project's Deno
 * cache, a stack with no network at all (its own network namespace, only
 * loopback) boots and serves every function in supabase/functions — found
 * from the folders, so a function added later is covered too. The test itself
 * downloads nothing: the caching step is a no-op after install, and its forced
 * re-run happens with the network cut off.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, resolveConfig } from '../../stack/config.ts';
import { functionEntrypoints } from '../../stack/functions/deno-cache.ts';

/** Runs a command without network: `unshare -n` with loopback up, else through an unreachable proxy. */
function offline(command: string[]): { status: number | null; stdout: string; stderr: string; how: string } {
  const env = { ...process.env };
  const probe = spawnSync('unshare', ['-n', 'ip', 'link', 'set', 'lo', 'up'], { stdio: 'ignore' });
  const quoted = command.map((c) => `'${c.replace(/'/g, `'\\''`)}'`).join(' ');
  const r =
    probe.status === 0
      ? spawnSync('unshare', ['-n', 'sh', '-c', `ip link set lo up && exec ${quoted}`], { cwd: PROJECT_ROOT, env, encoding: 'utf8', timeout: 240_000 })
      : spawnSync(command[0]!, command.slice(1), {
          cwd: PROJECT_ROOT,
          env: { ...env, HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1,localhost' },
          encoding: 'utf8',
          timeout: 240_000,
        });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, how: probe.status === 0 ? 'unshare -n' : 'unreachable proxy' };
}

describe('Edge Functions without network', { timeout: 300_000 }, () => {
  it('caches every function at install time, then serves each one with the network cut off', async () => {
    const cacheScript = path.join(PROJECT_ROOT, 'scripts/cache-functions.ts');
    const install = spawnSync(process.execPath, ['--import', 'tsx', cacheScript], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 240_000 });
    expect(install.status, `the install-time caching step succeeds (a no-op after npm install):\n${install.stdout}${install.stderr}`).toBe(0);
    const recache = offline([process.execPath, '--import', 'tsx', cacheScript, '--force']);
    expect(recache.status, `every dependency is already in the project cache: a forced re-cache needs no network (${recache.how}):\n${recache.stdout}${recache.stderr}`).toBe(0);

    const names = [...functionEntrypoints(await resolveConfig()).keys()];
    expect(names.length, 'supabase/functions has functions to check').toBeGreaterThan(0);

    const run = offline([process.execPath, '--import', 'tsx', path.join(PROJECT_ROOT, 'tests/fixtures/stacks/throwaway-child.ts'), '--call-functions']);
    expect(run.status, `a stack runs without network (${run.how}):\n${run.stdout}${run.stderr}`).toBe(0);
    const line = run.stdout.split('\n').find((l) => l.startsWith('{"results"'));
    const { results } = JSON.parse(line ?? '{"results":{}}') as { results: Record<string, { status: number; body: string }> };
    for (const name of names) {
      const r = results[name];
      expect(r, `${name} was called through /functions/v1/${name}`).toBeDefined();
      expect(r!.status, `${name} boots and answers offline (${run.how}), not with a boot/worker error: ${r!.body}`).toBeLessThan(500);
    }
  });
});
