import { Mail } from 'lucide-react';
import { formatTimestamp } from '@/lib/format-timestamp';
import { cn } from '@/lib/utils';
import type { Message } from '@/features/messages/api/get-messages';

/** The name of "Name <address>", else the address; null when there is none. */
export function mailboxName(mailbox: string | null | undefined): string | null {
  const value = mailbox?.trim();
  if (!value) return null;
  const name = value.replace(/<[^>]*>/, '').trim().replace(/^"|"$/g, '').trim();
  return name || value.replace(/[<>]/g, '').trim() || null;
}

/** Names of a party message's recipients ([{name, email}]): each once, the address where a party has no name. */
export function recipientNames(recipients: unknown): string[] {
  if (!Array.isArray(recipients)) return [];
  const names = recipients.map((r: unknown) => {
    const { name, email } = (r ?? {}) as { name?: unknown; email?: unknown };
    return (typeof name === 'string' && name.trim()) || (typeof email === 'string' && email.trim()) || '';
  });
  return [...new Set(names.filter(Boolean))];
}

/** The header of an e-mail row of a listing's thread: "E-mail to Celia Ortiz, Bill Ortiz" or "E-mail from Celia Ortiz". */
export function emailHeading(message: Pick<Message, 'email_direction' | 'email_from' | 'party_message'>): string {
  if (message.email_direction === 'inbound') return `E-mail from ${mailboxName(message.email_from) ?? 'a party'}`;
  const names = recipientNames(message.party_message?.to_recipients);
  return names.length ? `E-mail to ${names.join(', ')}` : 'E-mail to the parties';
}

/**
 * An e-mail on a listing's thread: a message sent to the deal's parties
 * (outbound, on the sender's side) or a party's reply (inbound, on the other
 * side). Nobody in the app wrote a reply, so it has no sender account.
 */
export function EmailBubble({ message, own }: { message: Message; own: boolean }) {
  const inbound = message.email_direction === 'inbound';
  return (
    <li className={cn('flex items-end gap-2', own && 'flex-row-reverse')} data-testid="message" data-own={own} data-email={message.email_direction}>
      <span className="bg-muted text-muted-foreground flex size-7 shrink-0 items-center justify-center rounded-full" aria-hidden>
        <Mail className="size-4" />
      </span>
      <div className={cn('flex max-w-[75%] min-w-0 flex-col gap-1 rounded-lg border px-3 py-2', inbound ? 'bg-background' : 'bg-muted')}>
        <span className="text-foreground/80 text-xs font-medium">
          <span data-testid="message-sender">{emailHeading(message)}</span> · {formatTimestamp(message.created_at)}
        </span>
        {message.email_subject && (
          <p className="text-sm font-medium break-words" data-testid="email-subject">
            {message.email_subject}
          </p>
        )}
        <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
      </div>
    </li>
  );
}
