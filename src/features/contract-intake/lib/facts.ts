/**
 * The contract facts as the review screen shows and edits them: a label and
 * a kind per fact key (Part C's reader names the keys), and the parsing of a
 * typed value back into the reader's shapes (dates YYYY-MM-DD, amounts
 * numbers, day counts integers, all_cash boolean, financing_type a type).
 */
import type { Citation, FactKey } from '../../../../supabase/functions/_shared/contract-reading/types.ts';

export type { Candidate, Citation, FactKey, FactSource, ProposedFact, TextItem } from '../../../../supabase/functions/_shared/contract-reading/types.ts';

export type FactValue = string | number | boolean;
export type FactKind = 'date' | 'money' | 'days' | 'boolean' | 'financing' | 'text';

import { FINANCING_TYPES } from '@/lib/contract-terms';
import { MAX_DAY_COUNT } from '@/lib/day-count';

export { FINANCING_TYPES };

/** The reviewed facts in the screen's order (form is picked separately). */
export const REVIEW_FACTS: { key: Exclude<FactKey, 'form'>; label: string; kind: FactKind }[] = [
  { key: 'effective_date', label: 'Effective / acceptance date', kind: 'date' },
  { key: 'closing_date', label: 'Closing date', kind: 'date' },
  { key: 'sales_price', label: 'Sales price', kind: 'money' },
  { key: 'earnest_money', label: 'Earnest money', kind: 'money' },
  { key: 'option_fee', label: 'Option fee', kind: 'money' },
  { key: 'option_days', label: 'Option period (days)', kind: 'days' },
  { key: 'title_commitment_days', label: 'Title commitment (days)', kind: 'days' },
  { key: 'survey_days', label: 'Survey (days)', kind: 'days' },
  { key: 'financing_days', label: 'Financing approval (days)', kind: 'days' },
  { key: 'disclosure_days', label: 'Seller disclosures (days)', kind: 'days' },
  { key: 'inspection_days', label: 'Inspection contingency (days)', kind: 'days' },
  { key: 'appraisal_days', label: 'Appraisal contingency (days)', kind: 'days' },
  { key: 'loan_days', label: 'Loan contingency (days)', kind: 'days' },
  { key: 'escrow_days', label: 'Close of escrow (days)', kind: 'days' },
  { key: 'all_cash', label: 'All cash', kind: 'boolean' },
  { key: 'financing_type', label: 'Financing type', kind: 'financing' },
  { key: 'buyer_names', label: 'Buyer(s)', kind: 'text' },
  { key: 'seller_names', label: 'Seller(s)', kind: 'text' },
  { key: 'property_address', label: 'Property address', kind: 'text' },
  { key: 'title_company', label: 'Title company', kind: 'text' },
  { key: 'lender', label: 'Lender', kind: 'text' },
  { key: 'buyer_agent_name', label: "Buyer's agent", kind: 'text' },
];

export const SOURCE_LABELS = { form_field: 'Form field', text: 'Text', ocr: 'OCR', ai: 'AI' } as const;

/** Where a citation is, as the review lists it: the page and the quote, or the form field's name and value. */
export function citationLabel(citation: Citation): string {
  return citation.field !== undefined ? `Page ${citation.page}, form field “${citation.field}”: ${citation.text}` : `Page ${citation.page}: “${citation.text}”`;
}

export const FORM_LABELS = { 'trec-20-18': 'TREC 20-18', 'car-rpa': 'C.A.R. RPA', generic: 'Other' } as const;
export type ContractFormKey = keyof typeof FORM_LABELS;

/** A value as the input shows it. */
export function valueText(value: FactValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** A value as a person reads it beside the field (a flagged fact's candidates): dates as the input takes them, amounts in dollars, day counts in days. */
export function displayValue(kind: FactKind, value: FactValue): string {
  if (kind === 'money' && typeof value === 'number') return (Number.isInteger(value) ? wholeDollars : dollarsAndCents).format(value);
  if (kind === 'days' && typeof value === 'number') return `${value} day${value === 1 ? '' : 's'}`;
  return valueText(value);
}

export type Parsed = { ok: true; value: FactValue | null } | { ok: false; message: string };

const MAX_TEXT = 500;

/** A typed value in the fact's shape; '' is "no value" (null). */
export function parseFactText(kind: FactKind, raw: string): Parsed {
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  switch (kind) {
    case 'date': {
      const valid = /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
      return valid ? { ok: true, value: text } : { ok: false, message: 'Enter a date as YYYY-MM-DD' };
    }
    case 'money': {
      const plain = text.replace(/[$,\s]/g, '');
      return /^\d{1,10}(\.\d{1,2})?$/.test(plain) ? { ok: true, value: Number(plain) } : { ok: false, message: 'Enter an amount, e.g. 350000' };
    }
    case 'days':
      return /^\d{1,3}$/.test(text) && Number(text) <= MAX_DAY_COUNT
        ? { ok: true, value: Number(text) }
        : { ok: false, message: `Enter a whole number of days from 0 to ${MAX_DAY_COUNT}` };
    case 'boolean':
      if (/^(yes|true)$/i.test(text)) return { ok: true, value: true };
      if (/^(no|false)$/i.test(text)) return { ok: true, value: false };
      return { ok: false, message: 'Choose yes or no' };
    case 'financing':
      return (FINANCING_TYPES as readonly string[]).includes(text.toLowerCase())
        ? { ok: true, value: text.toLowerCase() }
        : { ok: false, message: `One of ${FINANCING_TYPES.join(', ')}` };
    case 'text':
      return text.length <= MAX_TEXT ? { ok: true, value: text } : { ok: false, message: `At most ${MAX_TEXT} characters` };
  }
}
