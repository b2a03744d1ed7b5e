/**
 * The e-mails auth sends, worded like Supabase's default templates: a clear
 * subject, one link to `<apiUrl>/auth/v1/verify?token=…&type=…&redirect_to=…`
 * and the 6-digit code for apps that ask for it instead.
 */
import type { OutgoingMail } from '../gateway/types.ts';

export type MailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

const COPY: Record<MailKind, { subject: string; heading: string; intro: string; action: string }> = {
  signup: { subject: 'Confirm Your Signup', heading: 'Confirm your signup', intro: 'Follow this link to confirm your e-mail address:', action: 'Confirm your mail' },
  invite: {
    subject: 'You have been invited',
    heading: 'You have been invited',
    intro: 'You have been invited to create a user on ListingDesk. Follow this link to accept the invite:',
    action: 'Accept the invite',
  },
  magiclink: { subject: 'Your Magic Link', heading: 'Magic Link', intro: 'Follow this link to sign in:', action: 'Sign in' },
  recovery: { subject: 'Reset Your Password', heading: 'Reset password', intro: 'Follow this link to reset the password for your user:', action: 'Reset password' },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm change of e-mail',
    intro: 'Follow this link to confirm the update of your e-mail address:',
    action: 'Change e-mail',
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationLink(apiUrl: string, tokenHash: string, type: MailKind, redirectTo: string): string {
  const query = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo });
  return `${apiUrl}/auth/v1/verify?${query.toString()}`;
}

export function authMail(kind: MailKind, to: string, link: string, otp: string, newEmail?: string): OutgoingMail {
  const copy = COPY[kind];
  const change = kind === 'email_change' && newEmail ? ` (to ${newEmail})` : '';
  const text = [copy.heading, '', `${copy.intro}${change}`, link, '', `Alternatively, enter the code: ${otp}`, ''].join('\n');
  const html = [
    `<h2>${escapeHtml(copy.heading)}</h2>`,
    `<p>${escapeHtml(copy.intro + change)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(copy.action)}</a></p>`,
    `<p>Alternatively, enter the code: <strong>${escapeHtml(otp)}</strong></p>`,
  ].join('\n');
  return { to, subject: copy.subject, html, text };
}
