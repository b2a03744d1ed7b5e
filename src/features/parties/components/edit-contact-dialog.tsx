import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { contactFieldErrors, contactInputSchema, type ContactFormValues } from '@/features/parties/api/contact-input';
import type { PartyContact } from '@/features/parties/api/get-listing-parties';
import { useUpdateContact } from '@/features/parties/api/update-contact';
import { ContactFields, type ContactFieldErrors } from '@/features/parties/components/contact-fields';
import { PREFERRED_CHANNELS, type PreferredChannel } from '@/features/parties/lib/channels';

const valuesOf = (contact: PartyContact): ContactFormValues => ({
  name: contact.name,
  display_name: contact.display_name ?? '',
  company: contact.company ?? '',
  email: contact.email ?? '',
  phone: contact.phone ?? '',
  preferred_channel: (PREFERRED_CHANNELS as readonly string[]).includes(contact.preferred_channel) ? (contact.preferred_channel as PreferredChannel) : 'email',
});

/** Edits a contact of the book; the change shows on every listing it is a party on. A 409 (the e-mail or phone of another contact) comes as a toast. */
export function EditContactDialog({ listingId, contact, open, onOpenChange }: { listingId: string; contact: PartyContact; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [values, setValues] = useState(() => valuesOf(contact));
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const update = useUpdateContact();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(contactFieldErrors(parsed.error));
    setErrors({});
    update.mutate({ listingId, contactId: contact.id, values }, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit ${contact.name}`}
      description="The contact book's entry: every listing this person is on shows the change."
      submitLabel="Save contact"
      pending={update.isPending}
      onSubmit={submit}
    >
      <ContactFields idPrefix={`edit-contact-${contact.id}`} values={values} errors={errors} onChange={setValues} />
    </FormDialog>
  );
}
