import { Check, Eye, Pencil, RotateCcw, Send, SkipForward } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { partyRoleLabel } from '@/lib/party-roles';
import { useActOnPartyMessage, type PartyMessageAction } from '@/features/party-messages/api/act-on-party-message';
import { OUTBOX_TAB_LABELS, type OutboxTab, type PartyMessage, type Recipient } from '@/features/party-messages/api/get-party-messages';
import { ChangedSinceSeen } from '@/features/party-messages/components/changed-since-seen';
import { EditPartyMessageDialog } from '@/features/party-messages/components/edit-party-message-dialog';
import { describeSendTime } from '@/features/party-messages/lib/send-time';

/** Which actions each status offers (the database refuses the others with 409). */
const ACTIONS: Record<string, { action: PartyMessageAction | 'edit'; label: string; icon: typeof Check }[]> = {
  waiting: [
    { action: 'approve', label: 'Approve', icon: Check },
    { action: 'edit', label: 'Edit', icon: Pencil },
    { action: 'sendNow', label: 'Send now', icon: Send },
    { action: 'skip', label: 'Skip', icon: SkipForward },
  ],
  held: [
    { action: 'edit', label: 'Edit', icon: Pencil },
    { action: 'skip', label: 'Skip', icon: SkipForward },
  ],
  approved: [
    { action: 'edit', label: 'Edit', icon: Pencil },
    { action: 'sendNow', label: 'Send now', icon: Send },
    { action: 'skip', label: 'Skip', icon: SkipForward },
  ],
  failed: [{ action: 'retry', label: 'Retry', icon: RotateCcw }],
};

function recipientNames(recipients: readonly Recipient[]): string {
  return recipients.map((r) => `${r.name ?? r.email ?? 'someone'} (${partyRoleLabel(r.role)})`).join(', ');
}

/**
 * One message to a deal's parties: subject, listing (in the Outbox), who it
 * goes to, when (the viewer's time and the property's), why, what holds it,
 * what changed since it was last seen, the text, and what may be done now.
 */
export function PartyMessageRow({ message, showListing, showStatus, canAct }: { message: PartyMessage; showListing?: boolean; showStatus?: boolean; canAct: boolean }) {
  const [editing, setEditing] = useState(false);
  const act = useActOnPartyMessage(message.listing_id);
  const subject = message.subject || message.subject_source || '(no subject)';
  const actions = canAct ? (ACTIONS[message.status] ?? []) : [];
  const went = message.status === 'sent' ? message.sent_at : message.send_at;

  return (
    <li className="flex flex-col gap-2 rounded-xl border p-4" data-testid="party-message-row" aria-label={subject}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-words">{subject}</span>
        {showStatus && <Badge variant="secondary">{OUTBOX_TAB_LABELS[message.status as OutboxTab] ?? message.status}</Badge>}
        {message.auto_send && <Badge variant="outline">Sends by itself</Badge>}
      </div>
      {showListing && (
        <Link to={paths.listing.getHref(message.listing_id)} className="text-primary text-sm font-medium underline-offset-4 hover:underline">
          {message.address}
        </Link>
      )}
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">To</dt>
        <dd>{recipientNames(message.to_recipients) || 'Nobody yet'}</dd>
        {message.cc_recipients.length > 0 && (
          <>
            <dt className="text-muted-foreground">Cc</dt>
            <dd>{recipientNames(message.cc_recipients)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{message.status === 'sent' ? 'Sent' : 'Goes'}</dt>
        <dd>{describeSendTime(went, message.zone)}</dd>
        {message.trigger_reason && (
          <>
            <dt className="text-muted-foreground">Why</dt>
            <dd>{message.trigger_reason}</dd>
          </>
        )}
      </dl>
      {message.status === 'held' && message.held_reason && (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">Held: {message.held_reason}</p>
      )}
      {message.status === 'failed' && message.error && <p className="text-destructive text-sm">Failed after {message.attempts ?? 0} attempts: {message.error}</p>}
      <ChangedSinceSeen message={message} />
      <details className="text-sm">
        <summary className="text-muted-foreground cursor-pointer">Show the message</summary>
        <pre className="bg-muted/50 mt-2 rounded-md p-3 font-sans whitespace-pre-wrap">{message.body || message.body_source}</pre>
      </details>
      {(actions.length > 0 || (canAct && message.changed_at)) && (
        <div className="flex flex-wrap gap-2">
          {actions.map(({ action, label, icon: Icon }) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'approve' ? 'default' : 'outline'}
              disabled={act.isPending}
              onClick={() => (action === 'edit' ? setEditing(true) : act.mutate({ id: message.id, action }))}
              aria-label={`${label}: ${subject}`}
            >
              <Icon />
              {label}
            </Button>
          ))}
          {canAct && message.changed_at && (
            <Button size="sm" variant="ghost" disabled={act.isPending} onClick={() => act.mutate({ id: message.id, action: 'markSeen' })} aria-label={`Mark seen: ${subject}`}>
              <Eye />
              Mark seen
            </Button>
          )}
        </div>
      )}
      {editing && <EditPartyMessageDialog message={message} open={editing} onOpenChange={setEditing} />}
    </li>
  );
}
