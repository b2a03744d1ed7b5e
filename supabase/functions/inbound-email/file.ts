/**
 * Filing of a received message: every attachment the listing-documents bucket
 * accepts (its own type and size rules, read from the bucket, with the type
 * taken from the file name as the app's upload does) is stored through the
 * Storage API, then public.file_inbound_email() records the documents and the
 * e-mail note in one transaction. Mail from people on the listing and mail a
 * reviewer accepted both come through here; a party's reply is filed the same
 * way as a message on the listing's thread (public.file_party_reply()).
 */
import type { SupabaseClient } from '../_shared/deps.ts';
import { HttpError } from '../_shared/http.ts';
import { byteLength, noteContent, replyContent, type FiledDocument, type InboundMessage } from './message.ts';

const BUCKET = 'listing-documents';

/** The MIME type of the app's accepted document extensions (spec part 1 §5); other names keep their declared type. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf', doc: 'application/msword', txt: 'text/plain', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface BucketRules {
  types: string[];
  maxBytes: number;
}

async function bucketRules(admin: SupabaseClient): Promise<BucketRules> {
  const { data, error } = await admin.storage.getBucket(BUCKET);
  if (error || !data) throw new Error(`cannot read the ${BUCKET} bucket: ${error?.message}`);
  return { types: data.allowed_mime_types ?? [], maxBytes: Number(data.file_size_limit ?? Number.MAX_SAFE_INTEGER) };
}

function typeOf(name: string, declared: string): string {
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  return TYPE_BY_EXTENSION[extension] ?? (extension ? 'application/octet-stream' : declared);
}

function refusal(name: string, type: string, size: number, rules: BucketRules): string | null {
  if (!rules.types.includes(type)) return 'not an accepted file type';
  if (size > rules.maxBytes) return `larger than the ${Math.round(rules.maxBytes / 1024 / 1024)} MB limit`;
  if (size === 0) return 'empty';
  return null;
}

export interface FilingResult {
  noteId: string;
  documents: FiledDocument[];
  refused: { name: string; reason: string }[];
}

type StoredDocument = FiledDocument & { file_url: string; file_type: string; file_size: number };

/**
 * Stores every attachment the bucket accepts, then hands them to `record`
 * (the database's filing); when that fails, the stored files are removed
 * again, so nothing is half-filed.
 */
async function withAttachments<T>(
  admin: SupabaseClient,
  message: InboundMessage,
  listingId: string,
  record: (stored: StoredDocument[], refused: { name: string; reason: string }[]) => Promise<T>,
): Promise<T> {
  const rules = await bucketRules(admin);
  const stored: StoredDocument[] = [];
  const refused: { name: string; reason: string }[] = [];
  try {
    for (const [index, attachment] of message.parsed.attachments.entries()) {
      const name = (attachment.filename ?? `attachment-${index + 1}`).slice(-255);
      const type = typeOf(name, attachment.mimeType);
      const content = typeof attachment.content === 'string' ? new TextEncoder().encode(attachment.content) : attachment.content;
      const size = byteLength(content);
      const reason = refusal(name, type, size, rules);
      if (reason) {
        refused.push({ name, reason });
        continue;
      }
      const id = crypto.randomUUID();
      const path = `listings/${listingId}/${id}-${name.replace(/[^\w.-]+/g, '_').slice(-120) || 'file'}`;
      const { error } = await admin.storage.from(BUCKET).upload(path, content, { contentType: type, upsert: false });
      if (error) {
        refused.push({ name, reason: error.message });
        continue;
      }
      stored.push({ id, file_name: name, file_url: path, file_type: type, file_size: size });
    }
    return await record(stored, refused);
  } catch (error) {
    if (stored.length) await admin.storage.from(BUCKET).remove(stored.map((d) => d.file_url));
    throw error;
  }
}

export async function fileMessage(admin: SupabaseClient, emailId: string, message: InboundMessage, listingId: string, authorId: string): Promise<FilingResult> {
  return await withAttachments(admin, message, listingId, async (stored, refused) => {
    const { data, error } = await admin.rpc('file_inbound_email', {
      email_id: emailId,
      author_id: authorId,
      note_content: noteContent(message, listingId, stored, refused),
      documents: stored,
    });
    if (error) throw new HttpError(error.code === 'PT409' ? 409 : 500, 'filing_failed', error.message);
    return { noteId: (data as { note_id: string }).note_id, documents: stored.map(({ id, file_name }) => ({ id, file_name })), refused };
  });
}

export interface ReplyFilingResult {
  messageId: string;
  documents: FiledDocument[];
  refused: { name: string; reason: string }[];
}

/** A party's reply: a message on the listing's thread (public.file_party_reply()), its attachments as documents. */
export async function fileReply(admin: SupabaseClient, emailId: string, message: InboundMessage, listingId: string): Promise<ReplyFilingResult> {
  return await withAttachments(admin, message, listingId, async (stored, refused) => {
    const { data, error } = await admin.rpc('file_party_reply', {
      email_id: emailId,
      content: replyContent(message, refused),
      documents: stored,
    });
    if (error) throw new HttpError(error.code === 'PT409' ? 409 : 500, 'filing_failed', error.message);
    return { messageId: (data as { message_id: string }).message_id, documents: stored.map(({ id, file_name }) => ({ id, file_name })), refused };
  });
}
