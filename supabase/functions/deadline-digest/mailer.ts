/**
 * Outgoing mail over SMTP, configured by the functions' environment so hosted
 * projects point it at a real server and the local stack at its mail catcher:
 *   SMTP_HOST (required), SMTP_PORT (default 587, or 465 when SMTP_SECURE),
 *   SMTP_SECURE ("true": implicit TLS, e.g. port 465), SMTP_USER / SMTP_PASS
 *   (optional login), MAIL_FROM (default "ListingDesk <deadlines@listingdesk.app>").
 * Hosted Edge Functions cannot open ports 25 and 587; use 465 (SMTP_SECURE=true)
 * or a provider's 2525.
 */
import { nodemailer } from '../_shared/deps.ts';
import { HttpError } from '../_shared/http.ts';
import type { DigestMail } from './digest.ts';

export interface Mailer {
  send(mail: DigestMail): Promise<void>;
  close(): void;
}

export function smtpMailer(): Mailer {
  const host = Deno.env.get('SMTP_HOST');
  if (!host) throw new HttpError(503, 'not_configured', 'e-mail is not configured: set SMTP_HOST (and SMTP_PORT, SMTP_USER, SMTP_PASS) for the functions');
  const secure = (Deno.env.get('SMTP_SECURE') ?? '').toLowerCase() === 'true';
  const port = Number(Deno.env.get('SMTP_PORT')) || (secure ? 465 : 587);
  const user = Deno.env.get('SMTP_USER');
  const from = Deno.env.get('MAIL_FROM') || 'ListingDesk <deadlines@listingdesk.app>';
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
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close() {
      transport.close();
    },
  };
}
