/**
 * The mail of a claimed party message: recipients with their names, each
 * address once, Reply-To the listing's address and the message's own
 * Message-ID, from the database or made from the fallback domain.
 */
import { describe, expect, it } from 'vitest';
import { fallbackInboundDomain, partyMail, type ClaimedPartyMessage } from './mail.ts';

const listingId = '10000000-0000-4000-8000-000000000003';
const claimed = (over: Partial<ClaimedPartyMessage> = {}): ClaimedPartyMessage => ({
  id: '20000000-0000-4000-8000-000000000001',
  listing_id: listingId,
  subject: 'Option period ends tomorrow',
  body: 'Hi Celia and Bill,\n\nThe option period ends tomorrow.',
  to_recipients: [
    { party_id: 'p1', role: 'buyer', name: 'Celia Ortiz', email: 'Celia@Example.test' },
    { party_id: 'p2', role: 'buyer', name: 'Bill Ortiz', email: 'bill@example.test' },
  ],
  cc_recipients: [
    { party_id: 'p3', role: 'buyers_agent', name: '', email: 'agent@example.test' },
    { party_id: 'p1', role: 'seller', name: 'Celia Ortiz', email: 'celia@example.test' },
  ],
  from_name: 'Olivia Chen via ListingDesk',
  reply_to: `listing-${listingId}@in.listingdesk.test`,
  message_id: '<party-message-20000000-0000-4000-8000-000000000001@in.listingdesk.test>',
  ...over,
});

describe('partyMail', () => {
  it('names each recipient, writes to an address once and keeps what the database chose', () => {
    const mail = partyMail(claimed(), 'other.test');
    expect(mail.to, 'to: the parties with their names, addresses lower-cased').toEqual([
      { name: 'Celia Ortiz', address: 'celia@example.test' },
      { name: 'Bill Ortiz', address: 'bill@example.test' },
    ]);
    expect(mail.cc, 'cc: without a name when none, and nobody already in to').toEqual(['agent@example.test']);
    expect(mail.replyTo, "the database's Reply-To wins over the fallback domain").toBe(`listing-${listingId}@in.listingdesk.test`);
    expect(mail.messageId, "the database's Message-ID").toBe('<party-message-20000000-0000-4000-8000-000000000001@in.listingdesk.test>');
    expect(mail.fromName).toBe('Olivia Chen via ListingDesk');
    expect(mail.text, 'the text sent is the text stored').toBe(claimed().body);
  });

  it('makes Reply-To and Message-ID from the fallback domain when the database has none', () => {
    const mail = partyMail(claimed({ reply_to: null, message_id: null }), 'listingdesk.test');
    expect(mail.replyTo).toBe(`listing-${listingId}@listingdesk.test`);
    expect(mail.messageId).toBe('<party-message-20000000-0000-4000-8000-000000000001@listingdesk.test>');
  });

  it('refuses a message with no recipient or no reply address', () => {
    expect(() => partyMail(claimed({ to_recipients: [] }), 'x.test'), 'nobody to write to').toThrow('no recipient');
    expect(() => partyMail(claimed({ reply_to: null }), null), 'no domain at all').toThrow('no inbound e-mail domain');
  });
});

describe('fallbackInboundDomain', () => {
  it('takes INBOUND_EMAIL_DOMAIN, else the host of SITE_URL', () => {
    expect(fallbackInboundDomain({ INBOUND_EMAIL_DOMAIN: ' In.Example.test ', SITE_URL: 'https://app.test' })).toBe('in.example.test');
    expect(fallbackInboundDomain({ SITE_URL: 'http://localhost:5173' })).toBe('localhost');
    expect(fallbackInboundDomain({ SITE_URL: 'not a url' })).toBeNull();
    expect(fallbackInboundDomain({})).toBeNull();
  });
});
