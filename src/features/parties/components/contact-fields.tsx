import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Input } from '@/components/ui/input';
import type { ContactFormValues } from '@/features/parties/api/contact-input';
import { PREFERRED_CHANNEL_LABELS, PREFERRED_CHANNELS } from '@/features/parties/lib/channels';

export type ContactFieldErrors = Partial<Record<keyof ContactFormValues, string>>;

const TEXT_FIELDS = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'display_name', label: 'Display name (for greetings)', type: 'text', autoComplete: 'off' },
  { key: 'company', label: 'Company', type: 'text', autoComplete: 'organization' },
  { key: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
] as const;

/** A contact's fields (new or edited): each with its message under it. */
export function ContactFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  values: ContactFormValues;
  errors: ContactFieldErrors;
  onChange: (values: ContactFormValues) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {TEXT_FIELDS.map((field) => {
        const id = `${idPrefix}-${field.key}`;
        const error = errors[field.key];
        return (
          <FormField key={field.key} id={id} label={field.label} error={error}>
            <Input
              id={id}
              type={field.type}
              autoComplete={field.autoComplete}
              value={values[field.key] ?? ''}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => onChange({ ...values, [field.key]: event.target.value })}
            />
          </FormField>
        );
      })}
      <FormField id={`${idPrefix}-channel`} label="Preferred channel">
        <OptionSelect
          id={`${idPrefix}-channel`}
          value={values.preferred_channel}
          options={PREFERRED_CHANNELS}
          labels={PREFERRED_CHANNEL_LABELS}
          onChange={(preferred_channel) => onChange({ ...values, preferred_channel })}
        />
      </FormField>
    </div>
  );
}
