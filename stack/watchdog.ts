/**
 * A detached watchdog that stops the stack's server processes if the
 * supervisor dies without stopping them (SIGKILL, a killed test runner).
 * PostgREST retries its database forever and PostgreSQL outlives its parent,
 * so without this a killed supervisor leaves them running.
 */
import { spawn } from 'node:child_process';

export interface WatchedProcess {
  pid: number;
  /** The signal that shuts the process down cleanly (PostgreSQL: INT = fast shutdown). */
  signal: 'INT' | 'TERM';
}

// Arguments: supervisor pid, then SIGNAL:pid targets, then `--`, then folders to remove once the targets are gone.
const SCRIPT = `
sup=$1; shift
while kill -0 "$sup" 2>/dev/null; do sleep 1; done
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  kill -"\${1%%:*}" "\${1#*:}" 2>/dev/null
  pids="$pids \${1#*:}"; shift
done
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || exit 0
for i in $(seq 100); do
  left=
  for pid in $pids; do kill -0 "$pid" 2>/dev/null && left=1; done
  [ -z "$left" ] && break
  sleep 0.2
done
rm -rf -- "$@"
`;

/** `removeAfter`: folders to delete once the processes are gone (throwaway stacks). */
export function startWatchdog(supervisorPid: number, processes: WatchedProcess[], removeAfter: string[] = []): { pid: number; stop(): void } {
  const targets = processes.filter((p) => p.pid > 0).map((p) => `${p.signal}:${p.pid}`);
  const args = [String(supervisorPid), ...targets, '--', ...removeAfter];
  const child = spawn('sh', ['-c', SCRIPT, 'listingdesk-stack-watchdog', ...args], { detached: true, stdio: 'ignore' });
  child.unref();
  return {
    pid: child.pid ?? 0,
    stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
