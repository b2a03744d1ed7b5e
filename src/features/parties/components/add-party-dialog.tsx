import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toastFailure } from '@/lib/toast-failure';
import { useAddListingParty } from '@/features/parties/api/add-listing-party';
import { contactFieldErrors, contactInputSchema, emptyContactValues } from '@/features/parties/api/contact-input';
import { createContact, duplicateContactId, getContact } from '@/features/parties/api/create-contact';
import { partyKeys } from '@/features/parties/api/query-keys';
import type { FoundContact } from '@/features/parties/api/search-contacts';
import { ContactFields, type ContactFieldErrors } from '@/features/parties/components/contact-fields';
import { ContactPicker } from '@/features/parties/components/contact-picker';
import { PARTY_ROLE_LABELS, PARTY_ROLES, type PartyRole } from '@/lib/party-roles';

type Existing = Awaited<ReturnType<typeof getContact>>;

/**
 * "Add party": a role, then a contact picked from the book (searched as one
 * types) or a new one. A new contact whose e-mail or phone the book already
 * has is not stored twice: the database's 409 names the existing contact,
 * offered here with "Use this contact".
 */
export function AddPartyDialog({ listingId, defaultRole }: { listingId: string; defaultRole: PartyRole }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<PartyRole>(defaultRole);
  const [mode, setMode] = useState<'search' | 'new'>('search');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<FoundContact | Existing | null>(null);
  const [values, setValues] = useState(emptyContactValues);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [pickError, setPickError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<Existing | null>(null);
  const add = useAddListingParty();
  const create = useMutation({ mutationFn: createContact, onSuccess: () => queryClient.invalidateQueries({ queryKey: partyKeys.contacts() }) });

  // Each time it opens, the role is the first one the listing still needs (it changes as parties are added).
  const reset = (nextOpen: boolean) => {
    setOpen(nextOpen);
    if (nextOpen) return setRole(defaultRole);
    setMode('search');
    setQuery('');
    setPicked(null);
    setValues(emptyContactValues());
    setErrors({});
    setPickError(null);
    setDuplicate(null);
  };

  const addContact = (contactId: string) => add.mutate({ listingId, role, contactId }, { onSuccess: () => reset(false) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'search') {
      if (!picked) return setPickError('Pick a contact, or add a new one.');
      return addContact(picked.id);
    }
    const parsed = contactInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(contactFieldErrors(parsed.error));
    setErrors({});
    setDuplicate(null);
    create.mutate(values, {
      onSuccess: (contact) => addContact(contact.id),
      onError: (error) => {
        const existingId = duplicateContactId(error);
        if (!existingId) return toastFailure('Could not add the contact', error);
        getContact(existingId).then(setDuplicate, (failure: unknown) => toastFailure('Could not add the contact', failure));
      },
    });
  };

  const takeExisting = (contact: Existing) => {
    setPicked(contact);
    setQuery(contact.name);
    setDuplicate(null);
    setMode('search');
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          Add party
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-xl">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Add party">
          <DialogHeader>
            <DialogTitle>Add party</DialogTitle>
            <DialogDescription>Someone on this deal: pick them from your contacts, or add a new contact.</DialogDescription>
          </DialogHeader>
          <FormField id="party-role" label="Role">
            <OptionSelect id="party-role" value={role} options={PARTY_ROLES} labels={PARTY_ROLE_LABELS} onChange={setRole} />
          </FormField>
          <div className="flex gap-2" role="group" aria-label="Who">
            <Button type="button" size="sm" variant={mode === 'search' ? 'secondary' : 'ghost'} aria-pressed={mode === 'search'} onClick={() => setMode('search')}>
              From your contacts
            </Button>
            <Button type="button" size="sm" variant={mode === 'new' ? 'secondary' : 'ghost'} aria-pressed={mode === 'new'} onClick={() => setMode('new')}>
              New contact
            </Button>
          </div>
          {mode === 'search' ? (
            <>
              <ContactPicker
                query={query}
                onQueryChange={setQuery}
                picked={picked}
                onPick={(contact) => {
                  setPicked(contact);
                  setPickError(null);
                }}
              />
              {picked && (
                <p className="text-sm" role="status">
                  Adding <strong>{picked.name}</strong> as {PARTY_ROLE_LABELS[role]}.
                </p>
              )}
              {pickError && <p className="text-destructive text-sm">{pickError}</p>}
            </>
          ) : (
            <>
              <ContactFields idPrefix="new-contact" values={values} errors={errors} onChange={setValues} />
              {duplicate && (
                <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                  <span>
                    <strong>{duplicate.name}</strong> is already in your contacts
                    {duplicate.email ? ` (${duplicate.email})` : duplicate.phone ? ` (${duplicate.phone})` : ''}.
                  </span>
                  <Button type="button" size="sm" variant="outline" onClick={() => takeExisting(duplicate)}>
                    Use this contact
                  </Button>
                </div>
              )}
            </>
          )}
          <FormDialogFooter onCancel={() => reset(false)} submitLabel="Add party" pending={add.isPending || create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
