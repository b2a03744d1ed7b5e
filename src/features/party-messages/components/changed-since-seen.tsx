import { ArrowRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { PartyMessage } from '@/features/party-messages/api/get-party-messages';
import { diffLines } from '@/features/party-messages/lib/text-diff';
import { describeSendTime } from '@/features/party-messages/lib/send-time';

function TextChange({ label, before, after }: { label: string; before: string; after: string }) {
  if (before === after) return null;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium">{label}</span>
      <pre className="bg-muted/50 overflow-x-auto rounded-md p-2 font-sans text-xs whitespace-pre-wrap" aria-label={`${label} changes`}>
        {diffLines(before, after).map((line, index) => (
          <div
            key={index}
            className={cn(line.kind === 'removed' && 'bg-red-100 text-red-900 line-through dark:bg-red-950 dark:text-red-100', line.kind === 'added' && 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100')}
          >
            <span className="sr-only">{line.kind === 'removed' ? 'Removed: ' : line.kind === 'added' ? 'Added: ' : ''}</span>
            {line.text || '\u00a0'}
          </div>
        ))}
      </pre>
    </div>
  );
}

/**
 * "Changed since you looked": what changed in the message since it was last
 * seen (a key date, a party, the listing moved), old → new: the send time, the
 * recipients and a line diff of the subject and text.
 */
export function ChangedSinceSeen({ message }: { message: PartyMessage }) {
  const previous = message.previous;
  if (!message.changed_at || !previous) return null;
  const oldRecipients = previous.to_recipients?.map((r) => r.email ?? r.name).join(', ');
  const newRecipients = message.to_recipients.map((r) => r.email ?? r.name).join(', ');
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950" aria-label="Changed since you looked" data-testid="changed-since-seen">
      <Badge variant="outline" className="border-amber-400 bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50">
        Changed since you looked
      </Badge>
      {previous.send_at !== undefined && previous.send_at !== message.send_at && (
        <p className="flex flex-wrap items-center gap-1 text-sm" data-testid="send-at-change">
          <span className="font-medium">Goes:</span>
          <span className="line-through">{describeSendTime(previous.send_at ?? null, message.zone)}</span>
          <ArrowRight className="size-4" aria-label="now" />
          <span>{describeSendTime(message.send_at, message.zone)}</span>
        </p>
      )}
      {previous.to_recipients && oldRecipients !== newRecipients && (
        <p className="flex flex-wrap items-center gap-1 text-sm">
          <span className="font-medium">To:</span>
          <span className="line-through">{oldRecipients || 'nobody'}</span>
          <ArrowRight className="size-4" aria-label="now" />
          <span>{newRecipients || 'nobody'}</span>
        </p>
      )}
      <TextChange label="Subject" before={previous.subject ?? message.subject ?? ''} after={message.subject ?? ''} />
      <TextChange label="Text" before={previous.body ?? message.body ?? ''} after={message.body ?? ''} />
    </section>
  );
}
