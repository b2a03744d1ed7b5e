/**
 * The digest e-mail: its three sections in order with their counts, every
 * deadline with its listing, agent, due time and link, and HTML that escapes
 * what people typed (addresses, labels).
 */
import { describe, expect, it } from 'vitest';
import { renderDigest, type DigestItem, type DigestRecipient } from './digest.ts';

const item = (section: DigestItem['section'], label: string, address = '908 E 49th St, Austin, TX 78751'): DigestItem => ({
  id: `${label}-id`,
  listing_id: '10000000-0000-4000-8000-000000000003',
  address,
  key: label.toLowerCase().replace(/\W+/g, '_'),
  label,
  due_at: '2026-07-10T22:00:00Z',
  due_text: 'Fri 2026-07-10 5:00 PM America/Chicago',
  agent: 'Emily Rodriguez',
  section,
});

const recipient: DigestRecipient = {
  coordinator_id: 'a0000000-0000-4000-8000-000000000003',
  email: 'olivia.chen@listingdesk.test',
  first_name: 'Olivia',
  last_name: 'Chen',
  local_date: '2026-07-10',
  time_zone: 'America/Chicago',
  items: [item('overdue', 'Survey'), item('today', 'Option period ends'), item('week', 'Title commitment'), item('week', 'Closing', '1 <b>Bold</b> & Co')],
};

describe('renderDigest', () => {
  const mail = renderDigest(recipient, 'http://127.0.0.1:5173');

  it('names the day and the counts in the subject and goes to the coordinator', () => {
    expect(mail.to).toBe('olivia.chen@listingdesk.test');
    expect(mail.subject, 'the local day, long form, and the counts per section').toBe('Deadlines for Friday, July 10, 2026: 1 overdue, 1 due today, 2 next 7 days');
  });

  it('lists overdue, then today, then the next 7 days, each deadline with address, agent, due time and link', () => {
    const sections = ['Overdue (1)', 'Due today (1)', 'Next 7 days (2)'].map((s) => mail.text.indexOf(s));
    expect(sections.every((i) => i >= 0), 'all three sections are there').toBe(true);
    expect([...sections].sort((a, b) => a - b), 'in this order').toEqual(sections);
    expect(mail.text).toContain('- Survey: 908 E 49th St, Austin, TX 78751 (Emily Rodriguez), due Fri 2026-07-10 5:00 PM America/Chicago');
    expect(mail.text, 'each deadline links to the listing\'s Contract tab').toContain('http://127.0.0.1:5173/listing/10000000-0000-4000-8000-000000000003?tab=contract');
  });

  it('says "Nothing." for an empty section and escapes HTML', () => {
    const quiet = renderDigest({ ...recipient, items: [item('week', 'Closing')] }, undefined);
    expect(quiet.text, 'empty sections say so').toContain('Overdue (0)\n  Nothing.');
    expect(quiet.text.includes('http'), 'no links without SITE_URL').toBe(false);
    expect(mail.html, 'typed text is escaped in the HTML').toContain('1 &#60;b&#62;Bold&#60;/b&#62; &#38; Co');
    expect(mail.html.includes('<b>Bold</b>'), 'never raw').toBe(false);
  });
});
