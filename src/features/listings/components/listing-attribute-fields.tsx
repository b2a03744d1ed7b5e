import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Input } from '@/components/ui/input';
import {
  HOA_ANSWERS,
  HOA_LABELS,
  LISTING_SIDES,
  NOT_SET,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  SIDE_LABELS,
  US_STATES,
  type ListingAttributesFormValues,
} from '@/features/listings/lib/listing-attributes';

const PROPERTY_TYPE_OPTIONS = [NOT_SET, ...PROPERTY_TYPES] as const;
const PROPERTY_TYPE_OPTION_LABELS = { [NOT_SET]: 'Not specified', ...PROPERTY_TYPE_LABELS };
const STATE_OPTIONS = [NOT_SET, ...US_STATES] as const;
const STATE_LABELS = Object.fromEntries(STATE_OPTIONS.map((code) => [code, code === NOT_SET ? 'Not specified' : code])) as Record<(typeof STATE_OPTIONS)[number], string>;

/**
 * Side, property type, HOA, year built and state: what checklist templates
 * match on (the new-listing form and the listing's Property details dialog).
 */
export function ListingAttributeFields({
  idPrefix,
  values,
  yearError,
  onChange,
}: {
  idPrefix: string;
  values: ListingAttributesFormValues;
  yearError?: string;
  onChange: (values: ListingAttributesFormValues) => void;
}) {
  const set = <K extends keyof ListingAttributesFormValues>(name: K, value: ListingAttributesFormValues[K]) => onChange({ ...values, [name]: value });
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id={`${idPrefix}-side`} label="Side">
        <OptionSelect id={`${idPrefix}-side`} value={values.side} options={LISTING_SIDES} labels={SIDE_LABELS} onChange={(v) => set('side', v)} />
      </FormField>
      <FormField id={`${idPrefix}-property-type`} label="Property type">
        <OptionSelect
          id={`${idPrefix}-property-type`}
          value={values.propertyType}
          options={PROPERTY_TYPE_OPTIONS}
          labels={PROPERTY_TYPE_OPTION_LABELS}
          onChange={(v) => set('propertyType', v)}
        />
      </FormField>
      <FormField id={`${idPrefix}-hoa`} label="HOA">
        <OptionSelect id={`${idPrefix}-hoa`} value={values.hasHoa} options={HOA_ANSWERS} labels={HOA_LABELS} onChange={(v) => set('hasHoa', v)} />
      </FormField>
      <FormField id={`${idPrefix}-year-built`} label="Year built" error={yearError}>
        <Input
          id={`${idPrefix}-year-built`}
          inputMode="numeric"
          placeholder="1975"
          value={values.yearBuilt}
          aria-invalid={!!yearError}
          aria-describedby={yearError ? `${idPrefix}-year-built-error` : undefined}
          onChange={(event) => set('yearBuilt', event.target.value)}
        />
      </FormField>
      <FormField id={`${idPrefix}-state`} label="State">
        <OptionSelect id={`${idPrefix}-state`} value={values.state} options={STATE_OPTIONS} labels={STATE_LABELS} onChange={(v) => set('state', v)} />
      </FormField>
    </div>
  );
}
