/**
 * The largest day count a contract's facts or a checklist item's offset may
 * have: the database refuses more (private.fact_days, the template items'
 * check), since no contract period runs past a year and each extra day costs
 * the business-day computation. The contract reader
 * (supabase/functions/_shared/contract-reading/normalise.ts) proposes nothing
 * beyond it either.
 */
export const MAX_DAY_COUNT = 365;
