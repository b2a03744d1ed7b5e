import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/** Cancel and submit at the foot of a form dialog; submit is disabled while the write is pending (or while `disabled`, e.g. required fields empty). */
export function FormDialogFooter({ onCancel, submitLabel, pending, disabled = false }: { onCancel: () => void; submitLabel: string; pending: boolean; disabled?: boolean }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
