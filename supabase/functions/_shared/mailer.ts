/**
 * Outgoing mail over SMTP, shared by the functions that send mail (the
 * deadline digest, messages to parties), configured by the functions'
 * environment so hosted projects point it at a real server and the local
 * stack at its mail catcher:
 *   SMTP_HOST (required), SMTP_PORT (default 587, or 465 when SMTP_SECURE),
 *   SMTP_SECURE ("true": implicit TLS, e.g. port 465), SMTP_USER / SMTP_PASS
 *   (optional login), MAIL_FROM (default "ListingDesk <deadlines@listingdesk.app>").
 * Hosted Edge Functions cannot open ports 25 and 587; use 465 (SMTP_SECURE=true)
 * or a provider's 2525.
 *
 * A mail may name the sender (`fromName`: the address stays MAIL_FROM's, so
 * the mail passes the domain's SPF/DKIM; only the shown name changes), a
 * Reply-To, Cc and its own Message-ID (so a resend of the same message carries
 * the same id and the recipient's client shows it once).
 */
import { nodemailer } from './deps.ts';
import { HttpError } from './http.ts';

/** An address, or an address with the name shown for it. */
export type MailAddress = string | { name: string; address: string };

export interface OutgoingMail {
  to: MailAddress | MailAddress[];
  cc?: MailAddress[];
  subject: string;
  text: string;
  html?: string;
  fromName?: string;
  replyTo?: string;
  /** An RFC 5322 Message-ID, angle brackets included: `<id@domain>`. */
  messageId?: string;
}

export interface Mailer {
  /** The system sender's address (MAIL_FROM without its name). */
  readonly fromAddress: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const DEFAULT_FROM = 'ListingDesk <deadlines@listingdesk.app>';

/** Splits `Name <address>` (or a bare address) into its parts. */
export function parseMailbox(value: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (match) return { name: match[1]!.trim(), address: match[2]! };
  return { name: '', address: value.trim() };
}

export function smtpMailer(): Mailer {
  const host = Deno.env.get('SMTP_HOST');
  if (!host) throw new HttpError(503, 'not_configured', 'e-mail is not configured: set SMTP_HOST (and SMTP_PORT, SMTP_USER, SMTP_PASS) for the functions');
  const secure = (Deno.env.get('SMTP_SECURE') ?? '').toLowerCase() === 'true';
  const port = Number(Deno.env.get('SMTP_PORT')) || (secure ? 465 : 587);
  const user = Deno.env.get('SMTP_USER');
  const from = Deno.env.get('MAIL_FROM') || DEFAULT_FROM;
  const system = parseMailbox(from);
  const transport = nodemailer.createTransport({
    host,
    port,
    secure,
    auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
    // One connection for the whole run, closed at its end.
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    fromAddress: system.address,
    async send(mail) {
      await transport.sendMail({
        // nodemailer quotes and encodes the name, so a comma or a quote in a coordinator's name cannot split the header.
        from: mail.fromName ? { name: mail.fromName, address: system.address } : from,
        to: mail.to,
        cc: mail.cc?.length ? mail.cc : undefined,
        replyTo: mail.replyTo,
        messageId: mail.messageId,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Mails each claimed item in turn and reports each outcome (`finish`: null,
 * or the error's message) so the database records it; one failure never
 * stops the others. Closes the mailer at the end. Answers the counts the
 * scheduled functions return.
 */
export async function sendEach<T>(
  mailer: Mailer,
  items: readonly T[],
  mail: (item: T) => OutgoingMail,
  finish: (item: T, failure: string | null) => Promise<void>,
  describe: (item: T) => string,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  try {
    for (const item of items) {
      let failure: string | null = null;
      try {
        await mailer.send(mail(item));
        sent++;
      } catch (e) {
        failure = (e instanceof Error ? e.message : String(e)).slice(0, 1000) || 'the mail could not be sent';
        failed++;
        console.error(`${describe(item)}: ${failure}`);
      }
      await finish(item, failure);
    }
  } finally {
    mailer.close();
  }
  return { sent, failed };
}
