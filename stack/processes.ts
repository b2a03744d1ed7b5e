/**
 * Child processes of the stack (PostgREST, Deno): started with their output in
 * the part's log, watched for crashes, stopped with the stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { Logger } from './log.ts';

export interface ManagedProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; log: Logger; onCrash?: (code: number | null, signal: NodeJS.Signals | null) => void },
): ManagedProcess {
  const child = spawn(command, args, { env: options.env ?? process.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stopping = false;
  child.stdout?.on('data', (b: Buffer) => options.log.part(name, b.toString('utf8')));
  child.stderr?.on('data', (b: Buffer) => options.log.part(name, b.toString('utf8')));
  child.on('error', (e) => options.log.part(name, `failed to start: ${e.message}`));
  child.on('exit', (code, signal) => {
    if (!stopping) options.onCrash?.(code, signal);
  });
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** A free TCP port on the loopback interface, none of `avoid`. */
export async function freePort(avoid: readonly number[] = []): Promise<number> {
  // A port that is free now may still be promised to something that binds later (`avoid`): ask again.
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: picked } = server.address() as net.AddressInfo;
        server.close(() => resolve(picked));
      });
    });
    if (!avoid.includes(port)) return port;
  }
}

export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `check` until it resolves true or the deadline passes. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 15_000, intervalMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not ready yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
