/**
 * The mail catcher's SMTP port (default 54326): what Mailpit's SMTP port is
 * under `supabase start`. Everything sent to it — the Edge Functions' own mail,
 * such as the daily deadline digest (SMTP_HOST / SMTP_PORT in their
 * environment) — is parsed and shown in the mail viewer; nothing is relayed.
 * Unlike the inbound listener (smtp.ts), nothing is handed to a function.
 */
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import type { CaughtMail } from './store.ts';

/** Larger than any mail of ours; the catcher only protects the viewer's memory. */
const MAX_BYTES = 10 * 1024 * 1024;

async function collect(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One received message as the viewer stores it: subject, sender, text (or the HTML's text when there is none) and HTML. */
export async function parseCaught(raw: Buffer, session: Pick<SMTPServerSession, 'envelope'>): Promise<CaughtMail> {
  const parsed = await PostalMime.parse(raw);
  const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
  const from = parsed.from?.address ? (parsed.from.name ? `${parsed.from.name} <${parsed.from.address}>` : parsed.from.address) : session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const html = parsed.html ?? '';
  const text = parsed.text ?? html.replace(/<[^>]*>/g, ' ').replace(/[ \t]+/g, ' ');
  // Mailpit's shapes: the message's own Message-ID without angle brackets, addresses as { Address, Name }.
  const mailbox = (a: { address?: string; name?: string }) => ({ Address: a.address ?? '', Name: a.name ?? '' });
  return {
    to,
    from,
    subject: parsed.subject ?? '',
    text,
    html,
    ...(parsed.from?.address ? { fromAddress: mailbox(parsed.from) } : {}),
    ...(parsed.cc?.length ? { cc: parsed.cc.map(mailbox) } : {}),
    ...(parsed.replyTo?.length ? { replyTo: parsed.replyTo.map(mailbox) } : {}),
    ...(parsed.messageId ? { messageId: parsed.messageId.replace(/^<|>$/g, '') } : {}),
  };
}

export async function startMailCatcher(
  config: Pick<StackConfig, 'mailSmtpPort'>,
  log: Logger,
  record: (mail: CaughtMail) => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    name: 'listingdesk.local',
    banner: 'ListingDesk local mail catcher',
    // Hosted SMTP servers want a login; the catcher takes any (or none), as Mailpit does.
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'local' }),
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    size: MAX_BYTES,
    logger: false,
    async onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
      try {
        const raw = await collect(stream);
        if (stream.sizeExceeded) return callback(Object.assign(new Error('Message exceeds the 10 MB limit of the local catcher'), { responseCode: 552 }));
        const mail = await parseCaught(raw, session);
        record(mail);
        log.part('mail', `caught from ${mail.from} to ${mail.to}: ${mail.subject}`);
        callback();
      } catch (error) {
        log.part('mail', `catcher: ${(error as Error).message}`);
        callback(Object.assign(new Error('The local mail catcher could not read the message'), { responseCode: 451 }));
      }
    },
  });
  // As in smtp.ts: a taken port fails the start; later socket errors are logged.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.mailSmtpPort, '127.0.0.1', () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  server.on('error', (error: Error) => log.part('mail', `catcher: ${error.message}`));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
