import { Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { EmailAddress } from '@/components/email-address';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ListingParty } from '@/features/parties/api/get-listing-parties';
import { useRemoveListingParty } from '@/features/parties/api/remove-listing-party';
import { EditContactDialog } from '@/features/parties/components/edit-contact-dialog';
import { partyRoleLabel } from '@/lib/party-roles';
import { PREFERRED_CHANNEL_LABELS, type PreferredChannel } from '@/features/parties/lib/channels';

/** One party: its contact's name, greeting, company, e-mail, phone and preferred channel; Edit and Remove (confirmed). */
export function PartyRow({ party }: { party: ListingParty }) {
  const { contact } = party;
  const [editing, setEditing] = useState(false);
  const remove = useRemoveListingParty();
  const channel = PREFERRED_CHANNEL_LABELS[contact.preferred_channel as PreferredChannel] ?? contact.preferred_channel;
  return (
    <li data-testid="party-row" className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <p className="font-medium">
          {contact.name}
          {contact.display_name && contact.display_name !== contact.name && <span className="text-muted-foreground font-normal"> (“{contact.display_name}”)</span>}
        </p>
        {contact.company && contact.company !== contact.name && <p className="text-muted-foreground">{contact.company}</p>}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {contact.email && (
            <a href={`mailto:${contact.email}`} className="inline-flex min-w-0 items-center gap-1 underline-offset-2 hover:underline">
              <Mail aria-hidden className="size-3.5 shrink-0" />
              <EmailAddress email={contact.email} />
            </a>
          )}
          {contact.phone && (
            <a href={`tel:${contact.phone}`} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
              <Phone aria-hidden className="size-3.5 shrink-0" />
              {contact.phone}
            </a>
          )}
          <Badge variant="outline">Prefers {channel.toLowerCase()}</Badge>
        </div>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button type="button" size="sm" variant="ghost" aria-label={`Edit ${contact.name}`} onClick={() => setEditing(true)}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <ConfirmAction
          trigger={
            <Button type="button" size="sm" variant="ghost" aria-label={`Remove ${contact.name} as ${partyRoleLabel(party.role)}`} disabled={remove.isPending}>
              <Trash2 aria-hidden />
              Remove
            </Button>
          }
          title={`Remove ${contact.name}?`}
          question={`${contact.name} stops being the ${partyRoleLabel(party.role)} on this listing. The contact stays in your contacts.`}
          confirmLabel="Remove"
          onConfirm={() => remove.mutate({ listingId: party.listing_id, partyId: party.id })}
        />
      </div>
      {editing && <EditContactDialog listingId={party.listing_id} contact={contact} open={editing} onOpenChange={setEditing} />}
    </li>
  );
}
