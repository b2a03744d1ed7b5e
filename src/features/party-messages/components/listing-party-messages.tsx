import { Loader2, MailPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/hooks/use-current-user';
import { isSuperAdmin } from '@/lib/permissions';
import { useComposePartyMessage } from '@/features/party-messages/api/compose-party-message';
import { useMessageTemplates } from '@/features/party-messages/api/get-message-templates';
import { useListingPartyMessages } from '@/features/party-messages/api/get-party-messages';
import { EditPartyMessageDialog } from '@/features/party-messages/components/edit-party-message-dialog';
import { PartyMessageRow } from '@/features/party-messages/components/party-message-row';
import { usePartyMessagesLive } from '@/features/party-messages/hooks/use-party-messages-live';

/** "Send a message": a template (manual ones first) becomes a message of this listing, opened for review. */
function SendMessage({ listingId, onComposed }: { listingId: string; onComposed: (messageId: string) => void }) {
  const templates = useMessageTemplates();
  const [templateId, setTemplateId] = useState('');
  const compose = useComposePartyMessage(listingId, { onComposed });
  const active = (templates.data ?? []).filter((template) => template.is_active).sort((a, b) => Number(b.trigger_kind === 'manual') - Number(a.trigger_kind === 'manual'));
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-56 flex-1 flex-col gap-2">
        <Label htmlFor={`compose-template-${listingId}`}>Send a message</Label>
        <Select value={templateId || undefined} onValueChange={setTemplateId}>
          <SelectTrigger id={`compose-template-${listingId}`} className="w-full">
            <SelectValue placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'} />
          </SelectTrigger>
          <SelectContent>
            {active.map((template) => (
              <SelectItem key={template.id} value={template.id}>
                {template.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="button" disabled={!templateId || compose.isPending} onClick={() => compose.mutate({ listingId, templateId })}>
        {compose.isPending ? <Loader2 className="animate-spin" /> : <MailPlus />}
        Write message
      </Button>
    </div>
  );
}

/**
 * A listing's messages to its parties (issue 55): what waits, is held, is
 * scheduled, went or failed, with the Outbox's actions for the coordinator
 * and the super admin, and "Send a message" from a template. Composed into
 * the listing's Parties tab.
 */
export function ListingPartyMessages({ listingId }: { listingId: string }) {
  const { data: user } = useCurrentUser();
  const messages = useListingPartyMessages(listingId);
  const [composedId, setComposedId] = useState<string | null>(null);
  usePartyMessagesLive(listingId);
  // The database decides (the listing's coordinator or a super admin; the agent 403): agents see the messages without actions.
  const canAct = !!user && (user.role === 'tc' || isSuperAdmin(user));
  const composed = composedId ? messages.data?.find((message) => message.id === composedId) : undefined;

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`party-messages-${listingId}`}>
      <h2 id={`party-messages-${listingId}`} className="text-lg font-semibold">
        Messages for parties
      </h2>
      {canAct && <SendMessage listingId={listingId} onComposed={setComposedId} />}
      {messages.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : messages.isError ? (
        <p className="text-destructive text-sm">Could not load the messages: {messages.error.message}</p>
      ) : messages.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No messages to the parties of this listing yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Messages for parties">
          {messages.data.map((message) => (
            <PartyMessageRow key={message.id} message={message} showStatus canAct={canAct} />
          ))}
        </ul>
      )}
      {composed && <EditPartyMessageDialog key={composed.id} message={composed} open onOpenChange={(open) => !open && setComposedId(null)} />}
    </section>
  );
}
