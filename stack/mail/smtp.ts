/**
 * The local stack's inbound SMTP listener (default port 54325): what a mail
 * provider's inbound webhook is on hosted Supabase. Each message received is
 * handed, raw, to /functions/v1/inbound-email signed with the stack's inbound
 * secret (X-Inbound-Signature, HMAC-SHA256 of the body), exactly as a
 * provider would post it, and recorded in the local mail viewer marked
 * inbound with the function's answer. Like an MTA, the listener prepends a
 * `Delivered-To:` line per envelope recipient, so Bcc'd listing addresses are
 * found too. The SMTP answer follows the function's: 250 when it took the
 * mail, 550 when it refused it (4xx), 451 (try later) when it failed.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import type { InboundMail } from './store.ts';

export const MAX_INBOUND_BYTES = 25 * 1024 * 1024;

async function collect(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function headerValue(raw: Buffer, name: string): string {
  const head = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';
}

/** Posts one raw message to the inbound function as a provider would. */
export async function deliverToFunction(config: StackConfig, raw: Buffer): Promise<{ status: number; body: string }> {
  const signature = crypto.createHmac('sha256', config.inboundEmailSecret).update(raw).digest('hex');
  const res = await fetch(`${config.apiUrl}/functions/v1/inbound-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'message/rfc822', 'X-Inbound-Signature': `sha256=${signature}` },
    body: new Uint8Array(raw),
  });
  return { status: res.status, body: await res.text() };
}

export async function startSmtpListener(
  config: StackConfig,
  log: Logger,
  record: (mail: InboundMail) => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    name: 'listingdesk.local',
    banner: 'ListingDesk local inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    size: MAX_INBOUND_BYTES,
    logger: false,
    async onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
      try {
        const body = await collect(stream);
        if (stream.sizeExceeded) return callback(Object.assign(new Error('Message exceeds the 25 MB limit'), { responseCode: 552 }));
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const raw = Buffer.concat([Buffer.from(recipients.map((r) => `Delivered-To: ${r}\r\n`).join('')), body]);
        const answer = await deliverToFunction(config, raw);
        const from = headerValue(raw, 'From') || (session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
        record({ to: recipients.join(', '), from, subject: headerValue(raw, 'Subject'), text: body.toString('utf8').slice(0, 20000), html: '', inbound: `${answer.status} ${answer.body}` });
        log.part('mail', `inbound from ${from} to ${recipients.join(', ')}: ${answer.status}`);
        if (answer.status < 300) return callback();
        const reason = (() => {
          try {
            return (JSON.parse(answer.body) as { message?: string }).message ?? answer.body;
          } catch {
            return answer.body;
          }
        })();
        callback(Object.assign(new Error(reason.slice(0, 400)), { responseCode: answer.status < 500 ? 550 : 451 }));
      } catch (error) {
        log.part('mail', `inbound delivery failed: ${(error as Error).message}`);
        callback(Object.assign(new Error('Local inbound delivery failed; see the stack log'), { responseCode: 451 }));
      }
    },
  });
  // SMTPServer re-emits its listening socket's errors (and its connections') as its own 'error'
  // event; unheard, one is thrown from the emitter: a port taken at start-up left the start
  // hanging instead of failing. Start-up errors reject; later ones are logged.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.smtpPort, '127.0.0.1', () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  server.on('error', (error: Error) => log.part('mail', `smtp: ${error.message}`));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
