import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useListingStatuses } from '@/lib/listing-status';
import { useDeadlineKeys } from '@/features/party-messages/api/get-message-templates';
import {
  DEFAULT_EVENT_TRIGGER,
  DEFAULT_KEY_DATE_TRIGGER,
  OFFSET_UNIT_LABELS,
  OFFSET_UNITS,
  TRIGGER_EVENT_LABELS,
  TRIGGER_EVENTS,
  type TriggerDraft,
} from '@/features/party-messages/lib/message-template-schema';

const KINDS = ['key_date', 'event', 'manual'] as const;
const KIND_LABELS: Record<TriggerDraft['kind'], string> = { key_date: 'Before or after a key date', event: 'When something happens', manual: 'By hand, from the listing' };
const DIRECTIONS = ['before', 'after'] as const;
const DIRECTION_LABELS: Record<(typeof DIRECTIONS)[number], string> = { before: 'before', after: 'after' };
const ANY_STATUS = 'any';

type KeyDate = Extract<TriggerDraft, { kind: 'key_date' }>;

function KeyDateFields({ value, onChange, error }: { value: KeyDate; onChange: (value: KeyDate) => void; error?: string }) {
  const keys = useDeadlineKeys();
  const direction = value.offsetDays < 0 ? 'before' : 'after';
  const setDays = (days: number, dir: 'before' | 'after') => onChange({ ...value, offsetDays: dir === 'before' ? -Math.abs(days) : Math.abs(days) });
  return (
    <div className="flex flex-col gap-4">
      <FormField id="trigger-key" label="Key date" error={error}>
        <Select value={value.deadlineKey || undefined} onValueChange={(deadlineKey) => onChange({ ...value, deadlineKey })}>
          <SelectTrigger id="trigger-key" className="w-full" aria-invalid={!!error}>
            <SelectValue placeholder="Choose a key date" />
          </SelectTrigger>
          <SelectContent>
            {(keys.data ?? []).map(({ key, label }) => (
              <SelectItem key={key} value={key}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[5rem_1fr_1.4fr]">
        <FormField id="trigger-days" label="Days">
          <Input id="trigger-days" type="number" min={0} max={60} value={Math.abs(value.offsetDays)} onChange={(event) => setDays(Number(event.target.value), direction)} />
        </FormField>
        <FormField id="trigger-direction" label="Before or after">
          <OptionSelect id="trigger-direction" value={direction} options={DIRECTIONS} labels={DIRECTION_LABELS} onChange={(dir) => setDays(value.offsetDays, dir)} />
        </FormField>
        <FormField id="trigger-unit" label="Counting">
          <OptionSelect id="trigger-unit" value={value.offsetUnit} options={OFFSET_UNITS} labels={OFFSET_UNIT_LABELS} onChange={(offsetUnit) => onChange({ ...value, offsetUnit })} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <FormField id="trigger-time" label="At (the property's time)">
          <Input id="trigger-time" type="time" value={value.sendTime} onChange={(event) => onChange({ ...value, sendTime: event.target.value })} />
        </FormField>
        <div className="flex items-center gap-2 pb-2">
          <Checkbox id="trigger-weekends" checked={value.weekends} onCheckedChange={(checked) => onChange({ ...value, weekends: checked === true })} />
          <Label htmlFor="trigger-weekends" className="font-normal">
            Send on weekends and holidays too
          </Label>
        </div>
      </div>
      {!value.weekends && value.offsetUnit === 'calendar' && (
        <p className="text-muted-foreground text-sm">
          A send day on a weekend or holiday moves to the business day {value.offsetDays > 0 ? 'after, never onto the key date' : 'before, never past the key date'}.
        </p>
      )}
    </div>
  );
}

type EventTrigger = Extract<TriggerDraft, { kind: 'event' }>;

function EventFields({ value, onChange }: { value: EventTrigger; onChange: (value: EventTrigger) => void }) {
  const statuses = useListingStatuses();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="trigger-event" label="Event">
        <OptionSelect id="trigger-event" value={value.event} options={TRIGGER_EVENTS} labels={TRIGGER_EVENT_LABELS} onChange={(event) => onChange({ ...value, event, status: null })} />
      </FormField>
      {value.event === 'status_changed' && (
        <FormField id="trigger-status" label="To status">
          <Select value={value.status ?? ANY_STATUS} onValueChange={(status) => onChange({ ...value, status: status === ANY_STATUS ? null : status })}>
            <SelectTrigger id="trigger-status" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY_STATUS}>Any status</SelectItem>
              {statuses.map((status) => (
                <SelectItem key={status.key} value={status.key}>
                  {status.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      )}
    </div>
  );
}

/** When a template's message is written: a key date ± days at a time, an event of the listing, or by hand. */
export function TriggerFields({ value, onChange, keyError }: { value: TriggerDraft; onChange: (value: TriggerDraft) => void; keyError?: string }) {
  const setKind = (kind: TriggerDraft['kind']) => {
    if (kind === value.kind) return;
    onChange(kind === 'key_date' ? DEFAULT_KEY_DATE_TRIGGER : kind === 'event' ? DEFAULT_EVENT_TRIGGER : { kind: 'manual' });
  };
  return (
    <div className="flex flex-col gap-4">
      <FormField id="trigger-kind" label="When">
        <OptionSelect id="trigger-kind" value={value.kind} options={KINDS} labels={KIND_LABELS} onChange={setKind} />
      </FormField>
      {value.kind === 'key_date' && <KeyDateFields value={value} onChange={onChange} error={keyError} />}
      {value.kind === 'event' && <EventFields value={value} onChange={onChange} />}
    </div>
  );
}
