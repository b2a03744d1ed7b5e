import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useListingStatuses, type ListingStatus } from '@/lib/listing-status';
import { overrideListingStatusInputSchema, useOverrideListingStatus } from '@/features/compliance/api/override-listing-status';

/**
 * The super admin's 'Override': sets a status past the compliance gate with a
 * reason (recorded in the activity log with what was missing). `blockersFor`
 * shows what the gate would refuse for the chosen status.
 */
export function OverrideStatusDialog({ listingId, currentStatus, blockersFor }: { listingId: string; currentStatus: ListingStatus; blockersFor: (status: ListingStatus) => string[] }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ListingStatus>(currentStatus);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const override = useOverrideListingStatus({ onDone: () => setOpen(false) });
  const blockers = blockersFor(status);
  const statuses = useListingStatuses();
  const labels = Object.fromEntries(statuses.map((row) => [row.key, row.label]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = overrideListingStatusInputSchema.safeParse({ listingId, status, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    override.mutate(parsed.data);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setStatus(currentStatus);
        setReason('');
        setError(undefined);
      }}
      trigger={
        <Button variant="outline">
          <ShieldAlert />
          Override
        </Button>
      }
      title="Override Compliance Gate"
      description="Sets the status even though required documents are missing or not approved. The reason is recorded in the activity log."
      submitLabel="Override"
      pending={override.isPending}
      onSubmit={submit}
    >
      <FormField id="override-status" label="New status">
        <OptionSelect id="override-status" value={status} options={statuses.map((row) => row.key)} labels={labels} onChange={setStatus} />
      </FormField>
      {blockers.length > 0 ? (
        <p className="text-destructive text-sm" data-testid="override-blockers">
          Missing or not approved: {blockers.join(', ')}
        </p>
      ) : (
        <p className="text-muted-foreground text-sm">Nothing is missing for this status.</p>
      )}
      <FormField id="override-reason" label="Reason" error={error}>
        <Textarea
          id="override-reason"
          value={reason}
          aria-invalid={!!error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
    </FormDialog>
  );
}
