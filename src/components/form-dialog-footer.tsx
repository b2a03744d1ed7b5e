import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/** Cancel and submit at the foot of a form dialog; submit is disabled while the write is pending. */
export function FormDialogFooter({ onCancel, submitLabel, pending }: { onCancel: () => void; submitLabel: string; pending: boolean }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
