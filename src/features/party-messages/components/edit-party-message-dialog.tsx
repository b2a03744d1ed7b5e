import { useState, type FormEvent } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { isPartyRole, type PartyRole } from '@/lib/party-roles';
import { editPartyMessageInputSchema, useEditPartyMessage } from '@/features/party-messages/api/edit-party-message';
import type { PartyMessage } from '@/features/party-messages/api/get-party-messages';
import { MessageTextFields } from '@/features/party-messages/components/message-text-fields';
import { RoleCheckboxes } from '@/features/party-messages/components/role-checkboxes';
import { placeRefusal } from '@/features/party-messages/lib/refusal';
import { describeSendTime } from '@/features/party-messages/lib/send-time';

const roles = (values: readonly string[] | null) => (values ?? []).filter(isPartyRole);

/**
 * Edit a message before it goes: its subject and text with merge fields
 * (kept as fields, so a later change of a key date or party still shows), its
 * recipients by role and, optionally, a new send time (in the viewer's zone).
 * Saving makes it wait for approval again.
 */
export function EditPartyMessageDialog({ message, open, onOpenChange }: { message: PartyMessage; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [subject, setSubject] = useState(message.subject_source ?? '');
  const [body, setBody] = useState(message.body_source ?? '');
  const [toRoles, setToRoles] = useState<PartyRole[]>(roles(message.to_roles));
  const [ccRoles, setCcRoles] = useState<PartyRole[]>(roles(message.cc_roles));
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edit = useEditPartyMessage(message.listing_id, {
    onSaved: () => onOpenChange(false),
    onRefused: (error) => {
      const placed = placeRefusal(error, subject);
      if (placed) setErrors({ [placed.field]: placed.message });
      return !!placed;
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { id: message.id, subject, body, toRoles, ccRoles, sendAt: sendAt ? new Date(sendAt).toISOString() : null };
    const parsed = editPartyMessageInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    edit.mutate(input);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Edit message">
          <DialogHeader>
            <DialogTitle>Edit message</DialogTitle>
            <DialogDescription>{message.address} · saved changes wait for your approval.</DialogDescription>
          </DialogHeader>
          {errors.form && (
            <p role="alert" className="text-destructive text-sm">
              {errors.form}
            </p>
          )}
          <MessageTextFields idPrefix="edit-message" subject={subject} body={body} onSubject={setSubject} onBody={setBody} errors={{ subject: errors.subject, body: errors.body }} />
          <RoleCheckboxes legend="To" idPrefix="edit-message-to" value={toRoles} onChange={setToRoles} error={errors.toRoles} />
          <RoleCheckboxes legend="Cc" idPrefix="edit-message-cc" value={ccRoles} onChange={setCcRoles} />
          <FormField id="edit-message-send-at" label="Send at (your time; empty: keep)" error={errors.sendAt}>
            <Input id="edit-message-send-at" type="datetime-local" value={sendAt} aria-invalid={!!errors.sendAt} onChange={(event) => setSendAt(event.target.value)} />
          </FormField>
          <p className="text-muted-foreground -mt-2 text-sm">Now: {describeSendTime(message.send_at, message.zone)}</p>
          <FormDialogFooter onCancel={() => onOpenChange(false)} submitLabel="Save message" pending={edit.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
