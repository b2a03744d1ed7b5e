/**
 * The local SMTP listener reports a taken port as a failed start (the stack's
 * start then fails, and test stacks start again on new ports) instead of
 * throwing from an unheard 'error' event and leaving the start hanging.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { StackConfig } from '../config.ts';
import { createLogger } from '../log.ts';
import { freePort } from '../processes.ts';
import { ownedTempDir } from '../temp-dirs.ts';
import { startSmtpListener } from './smtp.ts';

describe('startSmtpListener', () => {
  it('rejects with EADDRINUSE when its port is taken', async () => {
    const port = await freePort();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', () => resolve()));
    const logDir = ownedTempDir('listingdesk-smtp-test-');
    try {
      const start = startSmtpListener({ smtpPort: port } as StackConfig, createLogger(logDir.path, { quiet: true }), () => {});
      await expect(start, 'the start fails at once, with the port error').rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      logDir.remove();
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
