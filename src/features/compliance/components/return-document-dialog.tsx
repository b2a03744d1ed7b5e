import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { Textarea } from '@/components/ui/textarea';
import { reviewDocumentInputSchema } from '@/features/compliance/api/review-document';

/** Asks why a document goes back to the agent; the reason is required and reaches the agent's dashboard and notification. */
export function ReturnDocumentDialog({
  open,
  onOpenChange,
  documentId,
  listingId,
  documentName,
  pending,
  onReturn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  documentId: string;
  listingId: string;
  documentName: string;
  pending: boolean;
  onReturn: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewDocumentInputSchema.safeParse({ documentId, listingId, decision: 'return', reason });
    if (!parsed.success || parsed.data.decision !== 'return') {
      setError(parsed.error?.issues[0]?.message ?? 'A reason is required to return a document');
      return;
    }
    onReturn(parsed.data.reason);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        setReason('');
        setError(undefined);
      }}
      title="Return Document"
      description={`Tell the agent what to fix in ${documentName}. They see the reason on their dashboard and the listing.`}
      submitLabel="Return"
      pending={pending}
      onSubmit={submit}
    >
      <FormField id="return-reason" label="Reason" error={error}>
        <Textarea
          id="return-reason"
          value={reason}
          autoFocus
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
