import { Mail, Paperclip } from 'lucide-react';
import { ConfirmAction } from '@/components/confirm-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/lib/format-file-size';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useAcceptInboundEmail } from '@/features/inbound-email/api/accept-inbound-email';
import { useDiscardInboundEmail } from '@/features/inbound-email/api/discard-inbound-email';
import { useReviewInbox, type PendingMail } from '@/features/inbound-email/api/get-review-inbox';

function PendingMailItem({ listingId, mail }: { listingId: string; mail: PendingMail }) {
  const accept = useAcceptInboundEmail();
  const discard = useDiscardInboundEmail();
  const busy = accept.isPending || discard.isPending;
  const subject = mail.subject || '(no subject)';
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-start" data-testid="pending-mail">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm font-medium break-words">{subject}</p>
        <p className="text-muted-foreground text-xs break-all">
          From {mail.sender_name ? `${mail.sender_name} <${mail.sender}>` : mail.sender} · {formatTimestamp(mail.received_at)}
        </p>
        {mail.attachments.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Attachments">
            {mail.attachments.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                <Badge variant="outline" className="max-w-full">
                  <Paperclip aria-hidden />
                  <span className="truncate">{file.name}</span>
                  <span className="text-muted-foreground">{formatFileSize(file.size)}</span>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          disabled={busy}
          onClick={() => accept.mutate({ listingId, id: mail.id, subject })}
        >
          Accept
        </Button>
        <ConfirmAction
          title="Discard e-mail"
          question="Are you sure you want to discard this e-mail? It will not be filed on the listing."
          confirmLabel="Discard"
          onConfirm={() => discard.mutate({ listingId, id: mail.id })}
          trigger={
            <Button size="sm" variant="outline" disabled={busy}>
              Discard
            </Button>
          }
        />
      </div>
    </li>
  );
}

/**
 * The listing's review inbox: mail to its forwarding address from people not
 * on the listing, waiting to be accepted (filed as a note with its documents)
 * or discarded. Shown only while something waits; live through Realtime
 * (the listing screen's live updates, useListingLiveUpdates).
 */
export function ReviewInbox({ listingId }: { listingId: string }) {
  const inbox = useReviewInbox(listingId);
  if (!inbox.data || inbox.data.total === 0) return null;
  const { mails, total } = inbox.data;
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-dashed p-4" aria-labelledby={`review-inbox-${listingId}`}>
      <div className="flex items-center gap-2">
        <Mail className="size-4" aria-hidden />
        <h3 id={`review-inbox-${listingId}`} className="font-semibold">
          Review inbox
        </h3>
        <Badge variant="secondary">{total}</Badge>
      </div>
      <p className="text-muted-foreground text-sm">E-mail sent to this listing by people who do not work on it. Accept files it on the listing; Discard drops it.</p>
      <ul className="flex flex-col gap-2">
        {mails.map((mail) => (
          <PendingMailItem key={mail.id} listingId={listingId} mail={mail} />
        ))}
      </ul>
      {total > mails.length && <p className="text-muted-foreground text-xs">Showing the newest {mails.length} of {total}.</p>}
    </section>
  );
}
