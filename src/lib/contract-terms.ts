/**
 * Terms of public.contracts named once for the features that show them (the
 * Contract tab, contract intake's review, checklist template conditions):
 * the financing types (defined with the shared contract reader, which the
 * Edge Function uses too) and the day-count columns.
 */
import { FINANCING_TYPES, type FinancingType } from '../../supabase/functions/_shared/contract-reading/types.ts';

export { FINANCING_TYPES, type FinancingType };

export const FINANCING_LABELS: Record<FinancingType, string> = { cash: 'Cash', conventional: 'Conventional', fha: 'FHA', va: 'VA', other: 'Other' };

/** The day-count columns (the facts deadline_rules.days_fact reads). */
export const DAY_COUNT_FIELDS = [
  'option_days',
  'title_commitment_days',
  'survey_days',
  'financing_days',
  'disclosure_days',
  'inspection_days',
  'appraisal_days',
  'loan_days',
  'escrow_days',
] as const;
export type DayCountField = (typeof DAY_COUNT_FIELDS)[number];
