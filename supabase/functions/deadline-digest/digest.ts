/**
 * The daily deadline digest as an e-mail (subject, text and HTML): overdue,
 * due today, next 7 days, each deadline with its listing, agent, due time and
 * a link to the listing's Contract tab. Pure, for the unit tests; the rows
 * come from public.claim_deadline_digests().
 */
import { contractUrl } from '../_shared/app-links.ts';

export interface DigestItem {
  id: string;
  listing_id: string;
  address: string;
  key: string;
  label: string;
  due_at: string;
  /** The due time in words in the contract's zone ("Fri 2026-07-10 5:00 PM America/Chicago"). */
  due_text: string;
  agent: string | null;
  section: 'overdue' | 'today' | 'week';
}

export interface DigestRecipient {
  coordinator_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** YYYY-MM-DD in the coordinator's time zone. */
  local_date: string;
  time_zone: string;
  items: DigestItem[];
}

export interface DigestMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const SECTIONS: { key: DigestItem['section']; title: string }[] = [
  { key: 'overdue', title: 'Overdue' },
  { key: 'today', title: 'Due today' },
  { key: 'week', title: 'Next 7 days' },
];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function longDate(localDate: string): string {
  // Noon UTC of that date names the same day in every zone.
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(`${localDate}T12:00:00Z`));
}

export function renderDigest(r: DigestRecipient, siteUrl: string | undefined): DigestMail {
  const count = (key: DigestItem['section']) => r.items.filter((i) => i.section === key).length;
  const counts = SECTIONS.map((s) => `${count(s.key)} ${s.title.toLowerCase()}`).join(', ');
  const subject = `Deadlines for ${longDate(r.local_date)}: ${counts}`;
  const greeting = `Good morning${r.first_name ? `, ${r.first_name}` : ''}.`;
  const text: string[] = [greeting, `Your contract deadlines (times in each contract's time zone):`, ''];
  const html: string[] = [`<p>${escapeHtml(greeting)}</p>`, `<p>Your contract deadlines (times in each contract's time zone):</p>`];
  for (const section of SECTIONS) {
    const items = r.items.filter((i) => i.section === section.key);
    text.push(`${section.title} (${items.length})`);
    html.push(`<h2>${section.title} (${items.length})</h2>`);
    if (items.length === 0) {
      text.push('  Nothing.', '');
      html.push('<p>Nothing.</p>');
      continue;
    }
    html.push('<ul>');
    for (const item of items) {
      const url = contractUrl(siteUrl, item.listing_id);
      const who = item.agent ? ` (${item.agent})` : '';
      text.push(`- ${item.label}: ${item.address}${who}, due ${item.due_text}${url ? `\n  ${url}` : ''}`);
      const title = `<strong>${escapeHtml(item.label)}</strong>: ${escapeHtml(item.address)}${escapeHtml(who)}`;
      html.push(`<li>${url ? `<a href="${escapeHtml(url)}">${title}</a>` : title}, due ${escapeHtml(item.due_text)}</li>`);
    }
    html.push('</ul>');
    text.push('');
  }
  text.push('You get this e-mail at 7:00 AM on days with deadlines overdue or due within a week.');
  html.push('<p style="color:#57606a">You get this e-mail at 7:00 AM on days with deadlines overdue or due within a week.</p>');
  return { to: r.email, subject, text: text.join('\n'), html: `<!doctype html><html><body>${html.join('\n')}</body></html>` };
}
