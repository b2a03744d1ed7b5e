/**
 * What the inbound function needs from a raw RFC 5322 message, parsed with
 * postal-mime (never by hand): the listing address it was sent to, the
 * sender, the text (postal-mime turns an HTML-only body into text; HTML is
 * never kept), the attachments, and the note the mail is filed as.
 */
import { PostalMime, type MailAddress, type ParsedEmail } from '../_shared/deps.ts';
import { HttpError } from '../_shared/http.ts';

export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
export const MAX_ATTACHMENTS = 20;
const LISTING_ADDRESS = /^listing-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@([^@\s]+)$/i;

export interface InboundMessage {
  parsed: ParsedEmail;
  messageId: string;
  listingId: string;
  recipient: string;
  sender: string;
  senderName: string;
  subject: string;
  text: string;
}

function mailboxes(list: MailAddress[] | undefined): string[] {
  return (list ?? []).flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address ?? '']));
}

/** The first listing-{uuid}@domain among To, Cc, Bcc and Delivered-To (any domain when none is configured). */
export function findListingAddress(parsed: ParsedEmail, domain: string | null): { listingId: string; recipient: string } | null {
  const delivered = parsed.headers.filter((h) => h.key === 'delivered-to' || h.key === 'x-original-to').map((h) => h.value.replace(/[<>]/g, '').trim());
  const candidates = [...mailboxes(parsed.to), ...mailboxes(parsed.cc), ...mailboxes(parsed.bcc), ...delivered];
  for (const candidate of candidates) {
    const match = LISTING_ADDRESS.exec(candidate.trim());
    if (match && (!domain || match[2]!.toLowerCase() === domain.toLowerCase())) return { listingId: match[1]!.toLowerCase(), recipient: candidate.trim().toLowerCase() };
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Text of an HTML-only body: scripts, styles and markup dropped, block ends as
 * line breaks, entities decoded. The result is only ever shown as text.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6]|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] === '#') return String.fromCodePoint(code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/[<>]/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Parses the raw message; 400 for what is not a mail, 413 for too many attachments, 422 without a listing address. */
export async function readMessage(raw: Uint8Array<ArrayBuffer>, domain: string | null): Promise<InboundMessage> {
  let parsed: ParsedEmail;
  try {
    parsed = await PostalMime.parse(raw);
  } catch (error) {
    throw new HttpError(400, 'invalid_message', `The body is not a readable RFC 5322 message: ${(error as Error).message}`);
  }
  const from = parsed.from?.group ? parsed.from.group[0] : parsed.from;
  if (!from?.address || !from.address.includes('@')) throw new HttpError(400, 'invalid_message', 'The message has no From address');
  if (parsed.attachments.length > MAX_ATTACHMENTS) {
    throw new HttpError(413, 'too_many_attachments', `A message may carry at most ${MAX_ATTACHMENTS} attachments`);
  }
  const address = findListingAddress(parsed, domain);
  if (!address) {
    throw new HttpError(422, 'no_listing_address', `No listing-{id}@${domain ?? '…'} address in To, Cc, Bcc or Delivered-To`);
  }
  return {
    parsed,
    ...address,
    messageId: parsed.messageId?.trim() || `sha256:${await sha256Hex(raw)}`,
    sender: from.address.toLowerCase(),
    senderName: from.name ?? '',
    subject: (parsed.subject ?? '').trim(),
    text: (parsed.text?.trim() ? parsed.text : htmlToText(parsed.html ?? '')).replace(/\r\n/g, '\n').trim(),
  };
}

/** Attachment metadata kept for the review inbox. */
export function attachmentSummary(parsed: ParsedEmail) {
  return parsed.attachments.map((a, i) => ({ name: a.filename ?? `attachment-${i + 1}`, type: a.mimeType, size: byteLength(a.content) }));
}

export function byteLength(content: ArrayBuffer | Uint8Array | string): number {
  return typeof content === 'string' ? new TextEncoder().encode(content).length : content.byteLength;
}

export interface FiledDocument {
  id: string;
  file_name: string;
}

/** The note: subject first, the sender, the body, then links to the filed documents and the refused attachments. */
export function noteContent(message: InboundMessage, listingId: string, filed: FiledDocument[], refused: { name: string; reason: string }[]): string {
  const from = message.senderName ? `${message.senderName} <${message.sender}>` : message.sender;
  const parts = [`${message.subject || '(no subject)'}\nFrom: ${from}`];
  // The body is cut first, so the document links and refusals always fit the note.
  if (message.text) parts.push(message.text.length > 15000 ? `${message.text.slice(0, 15000)}\n[…]` : message.text);
  if (filed.length) {
    parts.push(`Filed documents:\n${filed.map((d) => `- ${d.file_name}: /listing/${listingId}?tab=documents#document-${d.id}`).join('\n')}`);
  }
  if (refused.length) parts.push(`Attachments not filed:\n${refused.map((r) => `- ${r.name}: ${r.reason}`).join('\n')}`);
  const content = parts.join('\n\n');
  return content.length > 20000 ? `${content.slice(0, 19990)}\n[…]` : content;
}

/** The thread message of a party's reply (at most 10,000 characters): the text, then the attachments that were not filed. */
export function replyContent(message: InboundMessage, refused: { name: string; reason: string }[]): string {
  const notFiled = refused.length ? `\n\nAttachments not filed:\n${refused.map((r) => `- ${r.name}: ${r.reason}`).join('\n')}` : '';
  const room = 10000 - notFiled.length;
  const text = message.text.length > room ? `${message.text.slice(0, Math.max(0, room - 4))}\n[…]` : message.text;
  return `${text}${notFiled}`.trim() || '(no text)';
}
