/**
 * E-mail rows of a listing's thread as the thread shows them: a reply from a
 * party (no sender account: nothing may assume one) and the copy of a message
 * sent to parties, each with its heading and subject; headings of rows with
 * missing parts (a deleted party message leaves no recipients).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Message } from '@/features/messages/api/get-messages';
import { EmailBubble, emailHeading, mailboxName, recipientNames } from '@/features/messages/components/email-bubble';

const base: Message = {
  id: 'm1',
  listing_id: 'l1',
  team_tc_id: null,
  sender_id: null,
  content: 'Thanks! Inspection report attached.',
  is_voice: false,
  voice_url: null,
  duration: null,
  created_at: '2026-11-29T12:00:00Z',
  email_direction: null,
  email_from: null,
  email_subject: null,
  sender: null,
  party_message: null,
};

const html = (message: Message, own = false) => renderToStaticMarkup(<ul><EmailBubble message={message} own={own} /></ul>);

describe('the listing thread\'s e-mail rows', () => {
  it('shows a party\'s reply with its sender and subject, without a sender account', () => {
    const out = html({ ...base, email_direction: 'inbound', email_from: 'Celia Ortiz <celia@x.test>', email_subject: 'Re: Option period' });
    expect(out, 'the heading names the party').toContain('E-mail from Celia Ortiz');
    expect(out, 'the subject').toContain('Re: Option period');
    expect(out, 'the text').toContain('Thanks! Inspection report attached.');
    expect(out, 'marked as an inbound e-mail').toContain('data-email="inbound"');
  });

  it('shows a message sent to parties with its recipients', () => {
    const out = html(
      { ...base, sender_id: 'tc', email_direction: 'outbound', email_from: 'Olivia Chen via ListingDesk', email_subject: 'Option period ends tomorrow', party_message: { to_recipients: [{ name: 'Celia Ortiz', email: 'c@x.test' }] } },
      true,
    );
    expect(out, 'the heading names the recipients').toContain('E-mail to Celia Ortiz');
    expect(out, 'on the sender\'s side').toContain('data-own="true"');
  });
});

describe('email rows of the thread', () => {
  it('names the recipients of a message sent to parties, each once', () => {
    const party_message = { to_recipients: [{ name: 'Celia Ortiz', email: 'c@x.test' }, { name: 'Bill Ortiz', email: 'b@x.test' }, { name: 'Celia Ortiz', email: 'c@x.test' }] };
    expect(emailHeading({ email_direction: 'outbound', email_from: 'Olivia Chen via ListingDesk', party_message })).toBe('E-mail to Celia Ortiz, Bill Ortiz');
    expect(recipientNames([{ name: '', email: 'title@x.test' }]), 'the address when a party has no name').toEqual(['title@x.test']);
    expect(emailHeading({ email_direction: 'outbound', email_from: null, party_message: null }), 'the message was deleted').toBe('E-mail to the parties');
    expect(recipientNames('not a list')).toEqual([]);
  });

  it('names the sender of a reply from its From header', () => {
    expect(emailHeading({ email_direction: 'inbound', email_from: 'Celia Ortiz <celia@x.test>', party_message: null })).toBe('E-mail from Celia Ortiz');
    expect(mailboxName('"Ortiz, Celia" <celia@x.test>'), 'a quoted name').toBe('Ortiz, Celia');
    expect(mailboxName('<celia@x.test>'), 'no name: the address').toBe('celia@x.test');
    expect(mailboxName(null)).toBeNull();
    expect(emailHeading({ email_direction: 'inbound', email_from: null, party_message: null }), 'no sender at all').toBe('E-mail from a party');
  });
});
