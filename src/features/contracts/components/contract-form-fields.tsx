import type { ReactNode } from 'react';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import {
  CONTRACT_FORM_KEYS,
  FORM_DAY_FIELDS,
  FORM_PICKER_LABELS,
  formHasOptionFee,
  START_DATE_LABELS,
  type ContractFormKey,
  type ContractFormValues,
} from '@/features/contracts/api/contract-input';
import { FINANCING_LABELS, FINANCING_TYPES } from '@/lib/contract-terms';
import { defaultDays, type ContractForm } from '@/features/contracts/api/get-contract-forms';

type FieldErrors = Partial<Record<keyof ContractFormValues, string>>;

interface FieldsProps {
  values: ContractFormValues;
  errors: FieldErrors;
  onChange: (patch: Partial<ContractFormValues>) => void;
}

/** "Not selected" for the financing select, which cannot hold an empty value. */
const NO_FINANCING = 'none';

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** One text input of the form, its label, and its message under it. */
function TextInput({
  name,
  label,
  values,
  errors,
  onChange,
  type = 'text',
  inputMode,
  placeholder,
  required = false,
}: FieldsProps & {
  name: Exclude<keyof ContractFormValues, 'form' | 'financing_type'>;
  label: string;
  type?: 'text' | 'date' | 'email' | 'tel';
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
  required?: boolean;
}) {
  const id = `contract-${name.replaceAll('_', '-')}`;
  const error = errors[name];
  return (
    <FormField id={id} label={required ? `${label} (required)` : label} error={error}>
      <Input
        id={id}
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        required={required}
        value={values[name]}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </FormField>
  );
}

/** The three forms as large radio choices, each with the database's full name of the form. */
function FormPicker({ value, forms, onChange }: { value: ContractFormKey; forms: ContractForm[] | undefined; onChange: (form: ContractFormKey) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">Contract form</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {CONTRACT_FORM_KEYS.map((key) => {
          const info = forms?.find((form) => form.key === key);
          return (
            <label
              key={key}
              className={cn(
                'hover:bg-accent flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm',
                value === key && 'border-primary ring-primary/30 ring-2',
              )}
            >
              <input type="radio" name="contract-form" value={key} checked={value === key} onChange={() => onChange(key)} className="accent-primary mt-1" />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">{FORM_PICKER_LABELS[key]}</span>
                {info && (
                  <span className="text-muted-foreground text-xs">
                    {info.label} · {info.time_zone}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The facts of a contract, with the fields and labels of the chosen form:
 * TREC's effective date, option, title, survey and financing days and option
 * fee; C.A.R.'s acceptance date and disclosure, inspection, appraisal, loan
 * and escrow days; the closing date, money and parties for every form. An
 * empty day count shows the default the form's rule applies.
 */
export function ContractFormFields({ values, errors, onChange, forms, formLocked = false }: FieldsProps & { forms: ContractForm[] | undefined; formLocked?: boolean }) {
  const form = values.form;
  const formInfo = forms?.find((info) => info.key === form);
  const shared = { values, errors, onChange };
  return (
    <div className="flex flex-col gap-6">
      {!formLocked && <FormPicker value={form} forms={forms} onChange={(next) => onChange({ form: next })} />}
      <Section legend="Dates">
        <TextInput {...shared} name="effective_date" label={START_DATE_LABELS[form]} type="date" required />
        <TextInput {...shared} name="closing_date" label="Closing date" type="date" />
      </Section>
      {FORM_DAY_FIELDS[form].length > 0 && (
        <Section legend="Days in the contract">
          {FORM_DAY_FIELDS[form].map(({ name, label }) => {
            const fallback = defaultDays(formInfo, name);
            return (
              <TextInput
                key={name}
                {...shared}
                name={name}
                label={label}
                inputMode="numeric"
                placeholder={fallback === null ? 'None unless given' : `Default ${fallback}`}
              />
            );
          })}
        </Section>
      )}
      <Section legend="Money">
        <TextInput {...shared} name="sales_price" label="Sales price ($)" inputMode="decimal" />
        <TextInput {...shared} name="earnest_money" label="Earnest money ($)" inputMode="decimal" />
        {formHasOptionFee(form) && <TextInput {...shared} name="option_fee" label="Option fee ($)" inputMode="decimal" />}
      </Section>
      <Section legend="Parties and financing">
        <TextInput {...shared} name="buyer_names" label="Buyers" />
        <FormField id="contract-financing-type" label="Financing type">
          <Select
            value={values.financing_type || NO_FINANCING}
            onValueChange={(next) => onChange({ financing_type: next === NO_FINANCING ? '' : (next as ContractFormValues['financing_type']) })}
          >
            <SelectTrigger id="contract-financing-type" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_FINANCING}>Not specified</SelectItem>
              {FINANCING_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {FINANCING_LABELS[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <TextInput {...shared} name="buyer_agent_name" label="Buyer's agent" />
        <TextInput {...shared} name="buyer_agent_email" label="Buyer's agent e-mail" type="email" />
        <TextInput {...shared} name="buyer_agent_phone" label="Buyer's agent phone" type="tel" />
        <TextInput {...shared} name="title_company" label="Title company" />
        <TextInput {...shared} name="lender" label="Lender" />
      </Section>
      <FormField id="contract-notes" label="Notes" error={errors.notes}>
        <Textarea id="contract-notes" value={values.notes} maxLength={5000} onChange={(event) => onChange({ notes: event.target.value })} />
      </FormField>
    </div>
  );
}
