import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useChangeDeadlineDate } from '@/features/contracts/api/change-deadline-date';
import type { ContractDeadline } from '@/features/contracts/api/get-contracts';
import { formatZonedDateTime, localDate, localTime, zonedTimeToInstant } from '@/features/contracts/lib/zoned-time';
import { ZonedDateTimeFields } from '@/features/contracts/components/zoned-date-time-fields';

/** Changes a key date by hand; the computed date stays on the timeline beside it, and 'Back to computed' restores it. */
export function ChangeDateDialog({ deadline, zone, open, onOpenChange }: { deadline: ContractDeadline; zone: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  // A deadline always has a date here (computed, changed, or a custom one's); the dialog starts from it.
  const [date, setDate] = useState(() => (deadline.due_at ? localDate(new Date(deadline.due_at), zone) : ''));
  const [time, setTime] = useState(() => (deadline.due_at ? localTime(new Date(deadline.due_at), zone) : '17:00'));
  const [error, setError] = useState<string | null>(null);
  const changeDate = useChangeDeadlineDate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) {
      setError('Enter a date and a time');
      return;
    }
    const dueAt = zonedTimeToInstant(date, time, zone).toISOString();
    changeDate.mutate({ listingId: deadline.listing_id, deadlineId: deadline.id, dueAt }, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Change date: ${deadline.label}`}
      description={
        deadline.computed_due_at
          ? `The form's rules give ${formatZonedDateTime(new Date(deadline.computed_due_at), zone)}. A changed date stays through amendments until you go back to the computed one.`
          : 'The date of a deadline you added.'
      }
      submitLabel="Save date"
      pending={changeDate.isPending}
      onSubmit={submit}
    >
      <ZonedDateTimeFields idPrefix="change-date" zone={zone} date={date} time={time} onDate={setDate} onTime={setTime} error={error} />
    </FormDialog>
  );
}
