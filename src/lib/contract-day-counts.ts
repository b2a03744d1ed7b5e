/**
 * The day-count columns of public.contracts (the facts deadline_rules.days_fact
 * reads), named once for the Contract tab's form and contract intake's review.
 */
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
