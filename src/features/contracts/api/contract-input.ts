import { z } from 'zod';
import { DAY_COUNT_FIELDS, FINANCING_TYPES, type DayCountField, type FinancingType } from '@/lib/contract-terms';
import { MAX_DAY_COUNT } from '@/lib/day-count';

/**
 * The contract form as people fill it in, and its validation: every field
 * is the text of an input, parsed here into the columns of public.contracts
 * (dates YYYY-MM-DD, money of 0 or more, day counts from 0 to 365, e-mail format).
 * The database checks the same limits; this gives the message next to the field.
 */

/** The forms whose deadline rules ship with the database (public.contract_forms.key). */
export const CONTRACT_FORM_KEYS = ['trec-20-18', 'car-rpa', 'generic'] as const;
export type ContractFormKey = (typeof CONTRACT_FORM_KEYS)[number];

/** The picker's short names; the database's long label is shown under it. */
export const FORM_PICKER_LABELS: Record<ContractFormKey, string> = {
  'trec-20-18': 'TREC 20-18',
  'car-rpa': 'C.A.R. RPA',
  generic: 'Other',
};

/** Day 0 of each form: one column (effective_date) labelled as the form names it. */
export const START_DATE_LABELS: Record<ContractFormKey, string> = {
  'trec-20-18': 'Effective date',
  'car-rpa': 'Acceptance date',
  generic: 'Acceptance date',
};


// Named in shared code: contract intake's review fills the same columns.
export { DAY_COUNT_FIELDS, type DayCountField };

/** The day counts each form's rules read (deadline_rules.days_fact), with the form's words for them. */
export const FORM_DAY_FIELDS: Record<ContractFormKey, { name: DayCountField; label: string }[]> = {
  'trec-20-18': [
    { name: 'option_days', label: 'Option period (days)' },
    { name: 'title_commitment_days', label: 'Title commitment (days)' },
    { name: 'survey_days', label: 'Survey (days)' },
    { name: 'financing_days', label: 'Financing approval (days)' },
  ],
  'car-rpa': [
    { name: 'disclosure_days', label: 'Seller disclosures (days)' },
    { name: 'inspection_days', label: 'Inspection contingency (days)' },
    { name: 'appraisal_days', label: 'Appraisal contingency (days)' },
    { name: 'loan_days', label: 'Loan contingency (days)' },
    { name: 'escrow_days', label: 'Close of escrow (days)' },
  ],
  generic: [],
};

/** Only TREC has an option fee. */
export const formHasOptionFee = (form: ContractFormKey) => form === 'trec-20-18';

const TEXT_FIELDS = ['buyer_names', 'buyer_agent_name', 'buyer_agent_email', 'buyer_agent_phone', 'title_company', 'lender', 'notes'] as const;
const MONEY_FIELDS = ['sales_price', 'earnest_money', 'option_fee'] as const;

/** What the inputs hold: text throughout (a select holds '' for "not given"). */
export type ContractFormValues = { form: ContractFormKey; effective_date: string; closing_date: string; financing_type: FinancingType | '' } & Record<
  (typeof TEXT_FIELDS)[number] | (typeof MONEY_FIELDS)[number] | DayCountField,
  string
>;

export function emptyContractValues(form: ContractFormKey = 'trec-20-18'): ContractFormValues {
  const blank = Object.fromEntries([...TEXT_FIELDS, ...MONEY_FIELDS, ...DAY_COUNT_FIELDS].map((name) => [name, '']));
  return { ...(blank as Omit<ContractFormValues, 'form' | 'effective_date' | 'closing_date' | 'financing_type'>), form, effective_date: '', closing_date: '', financing_type: '' };
}

const dateText = z.iso.date('Enter a date as YYYY-MM-DD');

/** Dollars: '$350,000.50' and '350000' both read as numbers; numeric(12,2) holds up to 9,999,999,999.99. */
const money = z
  .string()
  .trim()
  .transform((value) => value.replace(/[$,\s]/g, ''))
  .refine((value) => value === '' || /^\d{1,10}(\.\d{1,2})?$/.test(value), 'Enter an amount of 0 or more, e.g. 350000 or 350000.00')
  .transform((value) => (value === '' ? null : Number(value)));

const dayCount = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{1,3}$/.test(value) && Number(value) <= MAX_DAY_COUNT), `Enter a whole number of days from 0 to ${MAX_DAY_COUNT}`)
  .transform((value) => (value === '' ? null : Number(value)));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max.toLocaleString()} characters`)
    .transform((value) => value || null);

const optionalEmail = z
  .string()
  .trim()
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid e-mail address')
  .transform((value) => value || null);

/** The contract form's values → the facts columns of public.contracts (limits as its check constraints). */
export const contractFactsSchema = z
  .object({
    form: z.enum(CONTRACT_FORM_KEYS),
    effective_date: z.string().trim().min(1, 'Required').pipe(dateText),
    closing_date: z.union([z.literal(''), dateText]).transform((value) => value || null),
    sales_price: money,
    earnest_money: money,
    option_fee: money,
    buyer_names: optionalText(500),
    buyer_agent_name: optionalText(200),
    buyer_agent_email: optionalEmail.refine((value) => value === null || value.length <= 255, 'At most 255 characters'),
    buyer_agent_phone: optionalText(50),
    title_company: optionalText(200),
    lender: optionalText(200),
    financing_type: z.union([z.literal(''), z.enum(FINANCING_TYPES)]).transform((value) => value || null),
    notes: optionalText(5000),
    option_days: dayCount,
    title_commitment_days: dayCount,
    survey_days: dayCount,
    financing_days: dayCount,
    disclosure_days: dayCount,
    inspection_days: dayCount,
    appraisal_days: dayCount,
    loan_days: dayCount,
    escrow_days: dayCount,
  })
  .refine((facts) => !facts.closing_date || facts.closing_date >= facts.effective_date, {
    message: 'The closing date is before the start date',
    path: ['closing_date'],
  })
  .transform((facts) => {
    // Fields of another form stay empty: switching forms must not carry TREC day counts into a C.A.R. contract.
    const own = new Set(FORM_DAY_FIELDS[facts.form].map((field) => field.name));
    const days = Object.fromEntries(DAY_COUNT_FIELDS.map((name) => [name, own.has(name) ? facts[name] : null])) as Record<DayCountField, number | null>;
    return { ...facts, ...days, option_fee: formHasOptionFee(facts.form) ? facts.option_fee : null };
  });

export type ContractFacts = z.output<typeof contractFactsSchema>;

/** Field → first message, for showing next to each input. */
export function contractFieldErrors(values: ContractFormValues): Partial<Record<keyof ContractFormValues, string>> {
  const result = contractFactsSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof ContractFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ContractFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The facts preview_contract_deadlines() reads, as private.contract_facts()
 * builds them from a stored contract (the start date under both names,
 * all_cash from the financing type), so the preview shows exactly the dates
 * saving will compute.
 */
export function previewFacts(facts: ContractFacts): Record<string, string | number | boolean> {
  const entries: [string, string | number | boolean | null][] = [
    ['effective_date', facts.effective_date],
    ['acceptance_date', facts.effective_date],
    ['closing_date', facts.closing_date],
    ...DAY_COUNT_FIELDS.map((name): [string, number | null] => [name, facts[name]]),
    ['all_cash', facts.financing_type === 'cash'],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string | number | boolean] => entry[1] !== null));
}

/** A stored contract back into the form's text, for amending it. */
export function valuesFromContract(contract: { form: string } & Record<keyof Omit<ContractFormValues, 'form'>, string | number | null>): ContractFormValues {
  const values = emptyContractValues(z.enum(CONTRACT_FORM_KEYS).catch('generic').parse(contract.form));
  for (const name of Object.keys(values) as (keyof ContractFormValues)[]) {
    if (name === 'form') continue;
    const stored = contract[name];
    (values as Record<string, string>)[name] = stored === null || stored === undefined ? '' : String(stored);
  }
  return values;
}
