/**
 * A claimed party message as the mail that goes out: to and cc with each
 * party's name, From the coordinator's name at the system sender's address,
 * Reply-To the listing's own address (so replies are filed on the listing by
 * the inbound-email function) and the message's own Message-ID (a retry of
 * the same message carries the same id). The text is exactly the text the
 * database stored when it claimed the message.
 */
import type { MailAddress, OutgoingMail } from '../_shared/mailer.ts';

export interface PartyRecipient {
  party_id?: string;
  role?: string;
  name?: string | null;
  email: string;
}

/** A row of public.claim_party_messages(). */
export interface ClaimedPartyMessage {
  id: string;
  listing_id: string;
  subject: string;
  body: string;
  to_recipients: PartyRecipient[] | null;
  cc_recipients: PartyRecipient[] | null;
  from_name: string | null;
  reply_to: string | null;
  message_id: string | null;
}

/**
 * The domain of the listings' addresses when the database names none:
 * INBOUND_EMAIL_DOMAIN, else SITE_URL's host, else null.
 */
export function fallbackInboundDomain(env: { INBOUND_EMAIL_DOMAIN?: string; SITE_URL?: string }): string | null {
  if (env.INBOUND_EMAIL_DOMAIN?.trim()) return env.INBOUND_EMAIL_DOMAIN.trim().toLowerCase();
  try {
    return env.SITE_URL ? new URL(env.SITE_URL).hostname.toLowerCase() || null : null;
  } catch {
    return null;
  }
}

function addresses(recipients: PartyRecipient[] | null): MailAddress[] {
  // One mail per address: a person holding two roles is written to once.
  const seen = new Set<string>();
  const out: MailAddress[] = [];
  for (const r of recipients ?? []) {
    const email = r.email.trim().toLowerCase();
    if (!email || seen.has(email)) continue;
    seen.add(email);
    out.push(r.name?.trim() ? { name: r.name.trim(), address: email } : email);
  }
  return out;
}

/** The mail of a claimed message; throws when it has no recipient or no reply address can be made. */
export function partyMail(m: ClaimedPartyMessage, domain: string | null): OutgoingMail {
  const to = addresses(m.to_recipients);
  if (to.length === 0) throw new Error('the message has no recipient with an e-mail');
  const toSet = new Set(to.map((a) => (typeof a === 'string' ? a : a.address)));
  const cc = addresses(m.cc_recipients).filter((a) => !toSet.has(typeof a === 'string' ? a : a.address));
  const replyTo = m.reply_to || (domain ? `listing-${m.listing_id}@${domain}` : null);
  if (!replyTo) throw new Error('no inbound e-mail domain: set public.inbound_email_domain(), INBOUND_EMAIL_DOMAIN or SITE_URL');
  const messageId = m.message_id || (domain ? `<party-message-${m.id}@${domain}>` : undefined);
  return {
    to,
    cc,
    subject: m.subject,
    text: m.body,
    fromName: m.from_name?.trim() || undefined,
    replyTo,
    messageId,
  };
}
