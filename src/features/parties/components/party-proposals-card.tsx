import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
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

/** "E-mail of the Buyer's agent": worded so that no label of the contract form beside it ("Buyer's agent e-mail") is part of it. */
const fieldLabel = (field: string, role: PartyProposal['role']) => `${field} of the ${PARTY_ROLE_LABELS[role]}`;

/**
 * "Add these people to the deal?" after a contract is saved: the people it
 * names (proposePartiesFromContract), each checked and editable; only the
 * checked ones are added, and only on "Add". Nothing is added silently:
 * "Not now" adds nobody. A card on the listing screen rather than a modal, so
 * the contract just saved stays in reach; it scrolls itself into sight.
 */
export function PartyProposalsCard({ listingId, proposals, onClose }: { listingId: string; proposals: PartyProposal[]; onClose: () => void }) {
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
  const card = useRef<HTMLElement>(null);
  // In braces: newer browsers' scrollIntoView returns a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    void card.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const change = (key: string, next: Partial<PartyProposal>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...next } : row)));

  return (
    <section ref={card} aria-labelledby="party-proposals-heading" className="flex flex-col gap-3 rounded-lg border border-blue-300 bg-blue-50/60 p-4 dark:border-blue-800 dark:bg-blue-950/40">
      <div className="flex gap-2">
        <UsersRound aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div>
          <h2 id="party-proposals-heading" className="font-semibold">
            Add these people to the deal?
          </h2>
          <p className="text-sm">The contract names them. Uncheck anyone you do not want on the listing, and correct what was read wrong.</p>
        </div>
      </div>
      <ul aria-label="Proposed parties" className="flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.key} data-testid="party-proposal" className="bg-background flex flex-col gap-2 rounded-md border p-3">
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
                    aria-label={fieldLabel(field.label, row.role)}
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
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Not now
        </Button>
        <Button type="button" disabled={chosen.length === 0 || Boolean(invalid) || save.isPending} onClick={() => save.mutate()}>
          {chosen.length === 1 ? 'Add 1 person' : `Add ${chosen.length} people`}
        </Button>
      </div>
    </section>
  );
}
