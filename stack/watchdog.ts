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

const SCRIPT = `
sup=$1; shift
while kill -0 "$sup" 2>/dev/null; do sleep 1; done
for target in "$@"; do kill -"\${target%%:*}" "\${target#*:}" 2>/dev/null; done
`;

export function startWatchdog(supervisorPid: number, processes: WatchedProcess[]): { stop(): void } {
  const targets = processes.filter((p) => p.pid > 0).map((p) => `${p.signal}:${p.pid}`);
  const child = spawn('sh', ['-c', SCRIPT, 'listingdesk-stack-watchdog', String(supervisorPid), ...targets], { detached: true, stdio: 'ignore' });
  child.unref();
  return {
    stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
