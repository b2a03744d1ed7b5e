import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { customDeadlineLabelSchema, useAddCustomDeadline } from '@/features/contracts/api/add-custom-deadline';
import { zonedTimeToInstant } from '@/features/contracts/lib/zoned-time';
import { ZonedDateTimeFields } from '@/features/contracts/components/zoned-date-time-fields';

/** A deadline the form does not know (HOA documents, a repair to finish), with its own date. */
export function CustomDeadlineDialog({ listingId, contractId, zone }: { listingId: string; contractId: string; zone: string }) {
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('17:00');
  const [errors, setErrors] = useState<{ label?: string; date?: string }>({});
  const addDeadline = useAddCustomDeadline();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsedLabel = customDeadlineLabelSchema.safeParse(label);
    const dateOk = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time);
    if (!parsedLabel.success || !dateOk) {
      setErrors({ label: parsedLabel.success ? undefined : parsedLabel.error.issues[0]?.message, date: dateOk ? undefined : 'Enter a date and a time' });
      return;
    }
    const dueAt = zonedTimeToInstant(date, time, zone).toISOString();
    addDeadline.mutate(
      { listingId, contractId, label: parsedLabel.data, dueAt },
      {
        onSuccess: () => {
          setOpen(false);
          setLabel('');
          setDate('');
          setErrors({});
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <Plus />
          Add deadline
        </Button>
      }
      title="Add deadline"
      description="A date of this transaction that the contract form does not compute."
      submitLabel="Add deadline"
      pending={addDeadline.isPending}
      onSubmit={submit}
    >
      <FormField id="custom-deadline-label" label="What is due" error={errors.label}>
        <Input id="custom-deadline-label" value={label} maxLength={200} aria-invalid={!!errors.label} onChange={(event) => setLabel(event.target.value)} />
      </FormField>
      <ZonedDateTimeFields idPrefix="custom-deadline" zone={zone} date={date} time={time} onDate={setDate} onTime={setTime} error={errors.date} />
    </FormDialog>
  );
}
