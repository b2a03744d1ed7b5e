/**
 * The review of a contract reading: one row per fact with the proposal (if
 * any), whether it is flagged, and what the person decided. Flagged
 * proposals (confidence under 0.8, or no citation) start undecided and must
 * be accepted, edited or cleared before saving; the others start accepted.
 * A fact the contract gives different values for (value null, candidates)
 * is flagged too: it proposes nothing and waits until the person picks a
 * candidate (accepted, editable after), types a value or clears it.
 * A fact nobody proposed stays empty unless the person types one.
 */
import { DAY_COUNT_FIELDS } from '@/lib/contract-terms';
import {
  parseFactText,
  REVIEW_FACTS,
  valueText,
  type Candidate,
  type Citation,
  type ContractFormKey,
  type FactKey,
  type FactKind,
  type FactValue,
  type ProposedFact,
} from '@/features/contract-intake/lib/facts';

export const LOW_CONFIDENCE = 0.8;

export type Decision = 'accepted' | 'edited' | 'cleared' | 'undecided';
export type Flag = 'low_confidence' | 'uncited' | 'different_values' | null;

export interface ReviewRow {
  key: Exclude<FactKey, 'form'>;
  label: string;
  kind: FactKind;
  proposal: ProposedFact | null;
  flag: Flag;
  decision: Decision;
  /** The input's text: the proposal's value until edited. */
  text: string;
  /** On a fact with different values: the index of the candidate the person picked, while the row holds its value unedited. */
  picked: number | null;
}

/** A flagged fact's candidates; empty for a proposal. */
export function candidatesOf(row: ReviewRow): Candidate[] {
  return row.proposal?.value === null ? (row.proposal.candidates ?? []) : [];
}

export function flagOf(proposal: ProposedFact): Flag {
  if (proposal.value === null) return 'different_values';
  if (!proposal.citation) return 'uncited';
  return proposal.confidence < LOW_CONFIDENCE ? 'low_confidence' : null;
}

export function initialRows(proposals: ProposedFact[]): ReviewRow[] {
  return REVIEW_FACTS.map(({ key, label, kind }) => {
    const found = proposals.find((fact) => fact.key === key) ?? null;
    // A value-less fact without two candidates to choose from proposes nothing at all.
    const proposal = found && (found.value !== null || (found.candidates ?? []).length >= 2) ? found : null;
    const flag = proposal ? flagOf(proposal) : null;
    return { key, label, kind, proposal, flag, decision: proposal && !flag ? 'accepted' : 'undecided', text: valueText(proposal?.value), picked: null };
  });
}

export function acceptRow(row: ReviewRow): ReviewRow {
  // A fact with different values has nothing to accept but the candidate picked.
  if (row.proposal?.value === null) return row.picked === null ? row : pickCandidate(row, row.picked);
  return { ...row, decision: 'accepted', text: valueText(row.proposal?.value) };
}

/** One click on a candidate: the row takes its value, accepted (and editable after, like any value). */
export function pickCandidate(row: ReviewRow, index: number): ReviewRow {
  const candidate = candidatesOf(row)[index];
  if (!candidate) return row;
  return { ...row, decision: 'accepted', picked: index, text: valueText(candidate.value) };
}

export function clearRow(row: ReviewRow): ReviewRow {
  return { ...row, decision: 'cleared', text: '', picked: null };
}

export function editRow(row: ReviewRow, text: string): ReviewRow {
  return { ...row, decision: 'edited', text, picked: null };
}

/** What the page highlights for a row: the given candidate's citation, else the picked candidate's, else the proposal's. */
export function citationOf(row: ReviewRow, candidate: number | null = null): Citation | null {
  const candidates = candidatesOf(row);
  const index = candidate ?? row.picked;
  if (index !== null && candidates[index]) return candidates[index].citation;
  return row.proposal?.citation ?? null;
}

/** The value a row saves: accepted → the proposal's (or the picked candidate's), edited → the typed one, cleared/undecided → none. */
export function rowValue(row: ReviewRow): { value: FactValue | null; error?: string } {
  if (row.decision === 'accepted') return { value: row.picked !== null ? (candidatesOf(row)[row.picked]?.value ?? null) : (row.proposal?.value ?? null) };
  if (row.decision !== 'edited') return { value: null };
  const parsed = parseFactText(row.kind, row.text);
  return parsed.ok ? { value: parsed.value } : { value: null, error: parsed.message };
}

/** Proposals still waiting for a decision (saving waits for them). */
export function undecidedProposals(rows: ReviewRow[]): ReviewRow[] {
  return rows.filter((row) => row.proposal && row.decision === 'undecided');
}

/** Every fact key → the value saved (null: none), as create_contract_from_intake() logs them. */
export function finalFacts(rows: ReviewRow[], form: ContractFormKey): Record<string, FactValue | null> {
  return { form, ...Object.fromEntries(rows.map((row) => [row.key, rowValue(row).value])) };
}

const CONTRACT_COLUMNS = [
  'effective_date',
  'closing_date',
  'sales_price',
  'earnest_money',
  'option_fee',
  'buyer_names',
  'buyer_agent_name',
  'title_company',
  'lender',
  'financing_type',
  ...DAY_COUNT_FIELDS,
] as const;
export type ContractColumn = (typeof CONTRACT_COLUMNS)[number];
export type ContractColumns = { form: ContractFormKey } & Record<ContractColumn, FactValue | null>;

/**
 * The contracts columns the facts fill. Seller names and the property
 * address are not columns of a contract (the listing holds the address);
 * they are kept in the intake log. All cash without a financing type is cash.
 */
export function contractColumns(facts: Record<string, FactValue | null>, form: ContractFormKey): ContractColumns {
  const columns = Object.fromEntries(CONTRACT_COLUMNS.map((column) => [column, facts[column] ?? null])) as Record<ContractColumn, FactValue | null>;
  if (facts.all_cash === true && !columns.financing_type) columns.financing_type = 'cash';
  return { form, ...columns };
}

/** Why the facts cannot be saved yet, or null. */
export function saveBlocker(rows: ReviewRow[]): string | null {
  const undecided = undecidedProposals(rows);
  if (undecided.length > 0) return `Accept (or pick a value), edit or clear the flagged facts first: ${undecided.map((row) => row.label).join(', ')}.`;
  const invalid = rows.find((row) => rowValue(row).error);
  if (invalid) return `${invalid.label}: ${rowValue(invalid).error}.`;
  if (!rows.some((row) => row.key === 'effective_date' && rowValue(row).value)) return 'The effective / acceptance date is needed to compute the key dates.';
  return null;
}

/** One shape for comparing a stored column (numeric comes back as text or number) with a reviewed value. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value))) return String(Number(value));
  return String(value);
}

/** The columns an amendment changes, old → new, for "Apply to contract". */
export function amendmentChanges(current: Partial<Record<ContractColumn, unknown>>, next: ContractColumns): { column: ContractColumn; label: string; from: string; to: string }[] {
  const labelOf = (column: ContractColumn) => REVIEW_FACTS.find((fact) => fact.key === column)?.label ?? column;
  return CONTRACT_COLUMNS.filter((column) => canonical(current[column]) !== canonical(next[column])).map((column) => ({
    column,
    label: labelOf(column),
    from: current[column] === null || current[column] === undefined ? '—' : String(current[column]),
    to: next[column] === null ? '—' : valueText(next[column]),
  }));
}
