import { useState, type FormEvent } from 'react';
import { ShieldOff } from 'lucide-react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useWaiveChecklistItem, waiveChecklistItemInputSchema } from '@/features/compliance/api/waive-checklist-item';

/**
 * Takes a required document off a listing's gate with a reason (coordinator or super admin). The reason is shown on
 * the checklist as "Waived by <name>: <reason>" and kept in the activity log, so a requirement never vanishes silently.
 */
export function WaiveItemDialog({ listingId, itemId, title }: { listingId: string; itemId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const waive = useWaiveChecklistItem({ onWaived: () => setOpen(false) });
  const fieldId = `waive-reason-${itemId}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = waiveChecklistItemInputSchema.safeParse({ listingId, itemId, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'A reason is required to waive a requirement');
      return;
    }
    waive.mutate(parsed.data);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setReason('');
        setError(undefined);
      }}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Waive ${title}`}>
          <ShieldOff aria-hidden />
          Waive
        </Button>
      }
      title="Waive Requirement"
      description={`${title} will no longer hold this listing back. Say why: the reason stays on the checklist and in the activity log.`}
      submitLabel="Waive"
      pending={waive.isPending}
      onSubmit={submit}
    >
      <FormField id={fieldId} label="Reason (required)" error={error}>
        <Textarea
          id={fieldId}
          value={reason}
          autoFocus
          maxLength={1000}
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
