/**
 * What an amendment does to each date, worked out before saving from the
 * dates the contract has now and the preview of the amended facts, by the
 * rules the database applies when it recomputes (private.sync_contract_deadlines):
 * a computed date moves to the new one; a date changed by hand keeps its
 * override; a key date the new facts no longer give is removed while open
 * and kept once done or waived; a key date they newly give is added;
 * custom deadlines stay as they are.
 */

export type AmendmentChange = 'unchanged' | 'moved' | 'added' | 'removed' | 'kept-by-hand' | 'kept-settled' | 'custom';

export interface CurrentDate {
  key: string;
  label: string;
  due_at: string | null;
  due_at_override: string | null;
  is_custom: boolean;
  status: string;
}

export interface PreviewedDate {
  key: string;
  label: string;
  due_at: string;
}

export interface AmendmentRow {
  key: string;
  label: string;
  change: AmendmentChange;
  before: string | null;
  after: string | null;
  /** For a date kept by hand: what the rules would now compute. */
  computedAfter: string | null;
}

const sameInstant = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

export function amendmentReview(current: readonly CurrentDate[], previewed: readonly PreviewedDate[]): AmendmentRow[] {
  const byKey = new Map(previewed.map((row) => [row.key, row]));
  const rows: AmendmentRow[] = current.map((date) => {
    const next = byKey.get(date.key);
    const base = { key: date.key, label: date.label, before: date.due_at, computedAfter: null };
    if (date.is_custom) return { ...base, change: 'custom', after: date.due_at };
    if (!next) return date.status === 'open' ? { ...base, change: 'removed', after: null } : { ...base, change: 'kept-settled', after: date.due_at };
    if (date.due_at_override) return { ...base, change: 'kept-by-hand', after: date.due_at_override, computedAfter: next.due_at };
    return { ...base, change: sameInstant(date.due_at, next.due_at) ? 'unchanged' : 'moved', after: next.due_at };
  });
  const known = new Set(current.map((date) => date.key));
  for (const next of previewed) {
    if (!known.has(next.key)) rows.push({ key: next.key, label: next.label, change: 'added', before: null, after: next.due_at, computedAfter: null });
  }
  const when = (row: AmendmentRow) => Date.parse(row.after ?? row.before ?? '') || 0;
  return rows.sort((a, b) => when(a) - when(b) || a.key.localeCompare(b.key));
}

/** True when saving changes no date at all (the review says so instead of listing every date as unchanged). */
export const changesNoDate = (rows: readonly AmendmentRow[]) => rows.every((row) => row.change === 'unchanged' || row.change === 'custom' || row.change === 'kept-settled');
