/**
 * Captured messages, newest first, in memory and mirrored to
 * `<dataDir>/mail/messages.json` so that a link sent just before a restart of
 * the dev stack can still be followed. Capped, since nothing ever reads old
 * mail on a local stack.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OutgoingMail } from '../gateway/types.ts';

export const SENDER = { Address: 'admin@email.com', Name: 'Supabase Auth' } as const;
const MAX_MESSAGES = 500;

/** A message received over SMTP, with its sender (the mail catcher's, catcher.ts). */
export interface CaughtMail extends OutgoingMail {
  from: string;
  /** The headers tests of outgoing mail read (Mailpit shows them too), when the message has them. */
  fromAddress?: { Address: string; Name: string };
  cc?: { Address: string; Name: string }[];
  replyTo?: { Address: string; Name: string }[];
  messageId?: string;
}

/** A message the inbound SMTP listener received: sender, and the inbound function's answer. */
export interface InboundMail extends CaughtMail {
  inbound: string;
}

export interface StoredMessage extends OutgoingMail, Partial<Pick<CaughtMail, 'fromAddress' | 'cc' | 'replyTo' | 'messageId'>> {
  id: string;
  created: string;
  /** Set on received (inbound) mail: the sender. */
  from?: string;
  /** Set on received (inbound) mail: the inbound function's status and answer. */
  inbound?: string;
}

export class MailStore {
  private messages: StoredMessage[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file?: string) {
    if (file && fs.existsSync(file)) {
      try {
        const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredMessage[];
        if (Array.isArray(saved)) this.messages = saved.slice(0, MAX_MESSAGES);
      } catch {
        // A damaged capture file only loses old local mail; start empty.
      }
    }
  }

  add(mail: OutgoingMail | CaughtMail | InboundMail): StoredMessage {
    const message: StoredMessage = { ...mail, id: crypto.randomBytes(11).toString('base64url'), created: new Date().toISOString() };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, MAX_MESSAGES);
    this.persist();
    return message;
  }

  list(): readonly StoredMessage[] {
    return this.messages;
  }

  get(id: string): StoredMessage | undefined {
    return id === 'latest' ? this.messages[0] : this.messages.find((m) => m.id === id);
  }

  /** Deletes the given messages, or all of them. */
  delete(ids?: string[]): void {
    this.messages = ids ? this.messages.filter((m) => !ids.includes(m.id)) : [];
    this.persist();
  }

  /** Writes are chained so that the file always ends with the latest state. */
  private persist(): void {
    const file = this.file;
    if (!file) return;
    const snapshot = JSON.stringify(this.messages);
    this.writing = this.writing.then(async () => {
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(`${file}.tmp`, snapshot);
        await fs.promises.rename(`${file}.tmp`, file);
      } catch {
        // Persistence is a convenience; the in-memory copy stays authoritative.
      }
    });
  }

  flush(): Promise<void> {
    return this.writing;
  }
}

/** Mailpit's summary of a message. */
export function summary(m: StoredMessage) {
  return {
    ID: m.id,
    MessageID: m.messageId ?? `${m.id}@listingdesk.local`,
    Read: false,
    From: m.fromAddress ?? (m.from ? { Address: m.from, Name: '' } : SENDER),
    To: [{ Address: m.to, Name: '' }],
    Cc: m.cc ?? [],
    Bcc: [],
    ReplyTo: m.replyTo ?? [],
    Subject: m.subject,
    Created: m.created,
    Tags: m.inbound ? ['inbound'] : [],
    Size: Buffer.byteLength(m.html) + Buffer.byteLength(m.text),
    Attachments: 0,
    Snippet: m.text.replace(/\s+/g, ' ').trim().slice(0, 250),
  };
}

/** Mailpit's full message. */
export function detail(m: StoredMessage) {
  const { ID, MessageID, From, To, Cc, Bcc, ReplyTo, Subject, Created, Size } = summary(m);
  return { ID, MessageID, From, To, Cc, Bcc, ReplyTo, Subject, Created, Date: m.created, Size, Text: m.text, HTML: m.html, Attachments: [], Inline: [] };
}

/** Mailpit-style search: `to:`, `subject:` and plain words, all of which must match. */
export function matchesSearch(m: StoredMessage, query: string): boolean {
  const terms = query.match(/(\w+:)?("[^"]*"|\S+)/g) ?? [];
  return terms.every((term) => {
    const [, field, raw] = /^(?:(\w+):)?(.*)$/.exec(term)!;
    const value = raw!.replace(/^"|"$/g, '').toLowerCase();
    if (field === 'to') return m.to.toLowerCase().includes(value);
    if (field === 'subject') return m.subject.toLowerCase().includes(value);
    return `${m.to} ${m.subject} ${m.text}`.toLowerCase().includes(value);
  });
}
