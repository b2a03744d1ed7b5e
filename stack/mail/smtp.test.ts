/**
 * The local SMTP listener reports a taken port as a failed start (the stack's
 * start then fails, and test stacks start again on new ports) instead of
 * throwing from an unheard 'error' event and leaving the start hanging.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { freePort } from '../processes.ts';
import { startSmtpListener } from './smtp.ts';

function quietLog(lines: string[]): Logger {
  const note = (message: string) => void lines.push(message);
  return { info: note, warn: note, error: note, part: (_name, message) => note(message), tail: () => '', logFile: () => '' } as Logger;
}

async function listenOn(port: number): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return server;
}

describe('startSmtpListener', () => {
  it('rejects with EADDRINUSE when its port is taken', async () => {
    const port = await freePort();
    const taken = await listenOn(port);
    try {
      const start = startSmtpListener({ smtpPort: port } as StackConfig, quietLog([]), () => {});
      await expect(start, 'the start fails at once, with the port error').rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

});
