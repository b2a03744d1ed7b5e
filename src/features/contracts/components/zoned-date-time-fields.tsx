import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';

/** A date and a time of day on the contract's wall clock; the label names the zone, since the reader may sit in another. */
export function ZonedDateTimeFields({
  idPrefix,
  zone,
  date,
  time,
  onDate,
  onTime,
  error,
}: {
  idPrefix: string;
  zone: string;
  date: string;
  time: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  error?: string | null;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${idPrefix}-date`} label="Date" error={error}>
        <Input id={`${idPrefix}-date`} type="date" required value={date} aria-invalid={!!error} onChange={(event) => onDate(event.target.value)} />
      </FormField>
      <FormField id={`${idPrefix}-time`} label={`Time (${zone})`}>
        <Input id={`${idPrefix}-time`} type="time" required value={time} onChange={(event) => onTime(event.target.value)} />
      </FormField>
    </div>
  );
}
