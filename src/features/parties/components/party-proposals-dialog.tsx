import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PARTY_ROLE_LABELS } from '@/lib/party-roles';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { addListingParty } from '@/features/parties/api/add-listing-party';
import { contactInputSchema } from '@/features/parties/api/contact-input';
import { partyKeys } from '@/features/parties/api/query-keys';
import type { PartyProposal } from '@/features/parties/lib/proposals';

const EDITABLE = [
  { key: 'name', label: 'Name', type: 'text' },
  { key: 'company', label: 'Company', type: 'text' },
  { key: 'email', label: 'E-mail', type: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel' },
] as const;

/**
 * "Add these people to the deal?" after a contract is saved: the people it
 * names (proposePartiesFromContract), each checked and editable; only the
 * checked ones are added, and only on "Add to the deal". Nothing is added
 * silently: "Not now" adds nobody.
 */
export function PartyProposalsDialog({ listingId, proposals, onClose }: { listingId: string; proposals: PartyProposal[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(proposals);
  const chosen = rows.filter((row) => row.checked);
  const invalid = chosen.find((row) => !contactInputSchema.safeParse(row.values).success);
  const save = useMutation({
    // One at a time, in order: a second proposal naming the same e-mail reuses the first's contact.
    mutationFn: async () => {
      for (const row of chosen) await addListingParty({ listingId, role: row.role, contact: row.values });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: partyKeys.byListing(listingId) }),
    onSuccess: () => {
      toast({ title: chosen.length === 1 ? '1 person added to the deal' : `${chosen.length} people added to the deal` });
      onClose();
    },
    onError: (error) => toastFailure('Could not add everyone', error),
  });
  const change = (key: string, next: Partial<PartyProposal>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...next } : row)));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add these people to the deal?</DialogTitle>
          <DialogDescription>The contract names them. Uncheck anyone you do not want on the listing, and correct what was read wrong.</DialogDescription>
        </DialogHeader>
        <ul aria-label="Proposed parties" className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.key} data-testid="party-proposal" className="flex flex-col gap-2 rounded-md border p-3">
              <div className="flex items-center gap-2">
                <Checkbox id={`proposal-${row.key}`} checked={row.checked} onCheckedChange={(checked) => change(row.key, { checked: checked === true })} />
                <label htmlFor={`proposal-${row.key}`} className="text-sm font-medium">
                  {PARTY_ROLE_LABELS[row.role]}: {row.values.name || 'no name'}
                </label>
              </div>
              {row.checked && (
                <div className="grid gap-2 sm:grid-cols-2">
                  {EDITABLE.map((field) => (
                    <Input
                      key={field.key}
                      type={field.type}
                      aria-label={`${PARTY_ROLE_LABELS[row.role]} ${field.label.toLowerCase()}`}
                      placeholder={field.label}
                      value={row.values[field.key] ?? ''}
                      onChange={(event) => change(row.key, { values: { ...row.values, [field.key]: event.target.value } })}
                    />
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
        {invalid && (
          <p className="text-destructive text-sm" role="alert">
            {PARTY_ROLE_LABELS[invalid.role]}: {contactInputSchema.safeParse(invalid.values).error?.issues[0]?.message}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Not now
          </Button>
          <Button type="button" disabled={chosen.length === 0 || Boolean(invalid) || save.isPending} onClick={() => save.mutate()}>
            {chosen.length === 1 ? 'Add 1 person' : `Add ${chosen.length} people`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
