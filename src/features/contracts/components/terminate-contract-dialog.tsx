import { XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { Contract } from '@/features/contracts/api/get-contracts';
import { terminationReasonSchema, useTerminateContract } from '@/features/contracts/api/terminate-contract';

/** Terminating needs a reason (option exercised, financing denied…): it stays with the contract in the listing's history. */
export function TerminateContractDialog({ contract }: { contract: Contract }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const terminate = useTerminateContract();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = terminationReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'A reason is required');
      return;
    }
    terminate.mutate({ listingId: contract.listing_id, contractId: contract.id, reason: parsed.data }, { onSuccess: () => setOpen(false) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" className="text-destructive">
          <XCircle />
          Terminate
        </Button>
      }
      title="Terminate the contract"
      description="The listing returns to Live and the contract's open deadlines stop. The reason stays in the listing's history."
      submitLabel="Terminate contract"
      pending={terminate.isPending}
      onSubmit={submit}
    >
      <FormField id="termination-reason" label="Reason (required)" error={error}>
        <Textarea
          id="termination-reason"
          value={reason}
          maxLength={1000}
          aria-invalid={!!error}
          aria-describedby={error ? 'termination-reason-error' : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
      </FormField>
    </FormDialog>
  );
}
