/**
 * Steps 2–3: a contract's own wording, on the text layer or OCR'd text,
 * read clause by clause. Every clause offers what it says about the facts
 * it is about, each offer cited by the clause's words on its page; readFacts
 * then proposes a fact its offers agree on and flags one they disagree on.
 * A Texas contract has no California deadlines and the reverse: once the
 * form family is known, the other family's day counts are not offered.
 */
import { quoteOf, splitClauses, type Clause } from './clauses.ts';
import { addressOffers, financingOffers, formOffer } from './deal-facts.ts';
import { nameOffers } from './party-facts.ts';
import { termOffers } from './term-facts.ts';
import type { ContractForm, FactKey, FactValue, PageText, ProposedFact, ReaderEngines } from './types.ts';

const TEXT_CONFIDENCE = 0.9;
/** OCR can misread a digit while the words around it still read right. */
const OCR_CONFIDENCE = 0.8;
/**
 * A form family read from the state alone (no form's mark): residential
 * resales follow the state's form (TREC in Texas, C.A.R. in California),
 * so this is the family whose deadline rules apply; less sure than a mark.
 */
const STATE_FORM_CONFIDENCE = 0.85;
/** Doubtful OCR values stay offers, but below the review screen's 0.8 rather than looking certain. */
const MIN_OCR_CONFIDENCE = 0.3;

const TEXAS_ONLY: FactKey[] = ['option_fee', 'option_days', 'survey_days', 'title_commitment_days', 'financing_days'];
const CALIFORNIA_ONLY: FactKey[] = ['escrow_days', 'inspection_days', 'appraisal_days', 'loan_days', 'disclosure_days'];

/** Where each of an OCR'd page's words starts in its text (the text is its words, a line's joined by spaces); null if they do not rebuild it. */
function wordOffsets(page: PageText): number[] | null {
  const offsets: number[] = [];
  let at = 0;
  for (const item of page.items ?? []) {
    const found = page.text.indexOf(item.str, at);
    if (found < 0 || /\S/.test(page.text.slice(at, found))) return null;
    offsets.push(found);
    at = found + item.str.length;
  }
  return offsets;
}

/** Where a place in a clause stands in its page's text. */
function pageOffset(clause: Clause, at: number): number {
  const piece = clause.pieces.find((candidate) => candidate.at + (candidate.to - candidate.from) > at) ?? clause.pieces[clause.pieces.length - 1];
  return piece ? piece.from + Math.max(0, at - piece.at) : at;
}

/** The lowest OCR word confidence among the words the value stands in (a misread digit shows there), if known. */
function ocrValueConfidence(clause: Clause, start: number, end: number): number | undefined {
  const offsets = wordOffsets(clause.page);
  if (!offsets) return undefined;
  const from = pageOffset(clause, start);
  const to = pageOffset(clause, Math.max(start, end - 1)) + 1;
  let lowest: number | undefined;
  (clause.page.items ?? []).forEach((item, index) => {
    const overlaps = offsets[index] < to && offsets[index] + item.str.length > from;
    // One- and two-letter words ("&", "A.") say little about the value; OCR doubts them most.
    if (overlaps && item.confidence !== undefined && item.str.replace(/[^\p{L}\p{N}]/gu, '').length >= 2) lowest = Math.min(lowest ?? 1, item.confidence);
  });
  return lowest;
}

function confidenceOf(clause: Clause, start: number, end: number): number {
  if (clause.page.source !== 'ocr') return TEXT_CONFIDENCE;
  const words = ocrValueConfidence(clause, start, end);
  return words === undefined ? OCR_CONFIDENCE : Math.max(MIN_OCR_CONFIDENCE, Math.min(OCR_CONFIDENCE, Math.round(words * 100) / 100));
}

/** What a clause says about one fact, and where in the clause it says it. */
export interface ClauseOffer {
  key: FactKey;
  value: FactValue;
  clause: Clause;
  start: number;
  end: number;
  /** Below the path's own confidence when the reading itself is less sure (a form family from the state alone). */
  confidence?: number;
}

/** A clause's offer as a proposal from the page's text (or OCR), cited by the clause's words. */
export function textProposal(offer: ClauseOffer): ProposedFact {
  const { clause, start, end } = offer;
  return {
    key: offer.key,
    value: offer.value,
    confidence: Math.min(offer.confidence ?? 1, confidenceOf(clause, start, end)),
    source: clause.page.source === 'ocr' ? 'ocr' : 'text',
    citation: { page: clause.page.page, text: quoteOf(clause, start) },
  };
}

/** The form family: the form's own mark where one is written, else the state the contract is in. */
function decideForm(clauses: Clause[]): { form: ContractForm; fact: ClauseOffer | null } {
  const found = clauses.map((clause) => ({ clause, mark: formOffer(clause) })).filter((entry) => entry.mark !== null);
  for (const marked of [true, false]) {
    const votes = found.filter((entry) => entry.mark!.marked === marked);
    if (votes.length === 0) continue;
    const texas = votes.filter((entry) => entry.mark!.form === 'trec-20-18').length;
    const form: ContractForm = texas * 2 > votes.length ? 'trec-20-18' : texas * 2 < votes.length ? 'car-rpa' : 'generic';
    if (form === 'generic') return { form, fact: null };
    const first = votes.find((entry) => entry.mark!.form === form)!;
    const confidence = marked ? undefined : STATE_FORM_CONFIDENCE;
    return { form, fact: { key: 'form', value: form, clause: first.clause, start: first.mark!.start, end: first.mark!.end, confidence } };
  }
  return { form: 'generic', fact: null };
}

const TEXAS_WORDS = /\bOption\s+(?:Fee|Period)\b|\bTRE[CG]\s*(?:No\.?\s*)?20-1\d\b|Third\s+Party\s+Financing\s+Addendum|\bT-47\b|\bTREC\b|Buyer\s+Approval/i;
const CALIFORNIA_WORDS = /Close\s+of\s+Escrow|Days\s+after\s+Acceptance|Escrow\s+Holder|\b[Cc]\.[Aa]\.[Rr]\.|\bCOE\b/;

/**
 * Without a form's mark or a state, the family the contract's own terms
 * belong to (an option period is Texas's, a close of escrow California's),
 * only to keep the other family's deadlines out; too weak to propose a form.
 */
function familyByTerms(clauses: Clause[]): ContractForm {
  const texas = clauses.filter((clause) => TEXAS_WORDS.test(clause.text)).length;
  const california = clauses.filter((clause) => CALIFORNIA_WORDS.test(clause.text)).length;
  return texas > 2 * california ? 'trec-20-18' : california > 2 * texas ? 'car-rpa' : 'generic';
}

/** Everything the pages' clauses say about the facts, with where each is said; the form the pages show, and the family their terms follow. */
export function clauseOffers(pages: PageText[], engines: ReaderEngines): { form: ContractForm; family: ContractForm; offers: ClauseOffer[] } {
  const clauses = pages.flatMap((page) => splitClauses(page));
  const { form, fact } = decideForm(clauses);
  const family = form !== 'generic' ? form : familyByTerms(clauses);
  const offers: ClauseOffer[] = fact ? [fact] : [];
  for (const clause of clauses) {
    const at = (key: FactKey, value: FactValue, start: number, end: number) => offers.push({ key, value, clause, start, end });
    for (const term of termOffers(clause, engines.chrono)) at(term.key, term.value, term.start, term.end);
    for (const name of nameOffers(clause)) at(name.key, name.value, name.start, name.end);
    for (const financing of financingOffers(clause)) {
      at('financing_type', financing.value, financing.start, financing.end);
      at('all_cash', financing.value === 'cash', financing.start, financing.end);
    }
    for (const address of addressOffers(clause)) at('property_address', address.value, address.start, address.end);
  }
  return { form, family, offers };
}

/** Drops the other state's deadlines once the form family is known: a Texas contract has no escrow period, a California one no option period. */
export function withinFormFamily(family: ContractForm, offers: ProposedFact[]): ProposedFact[] {
  const otherFamily = family === 'trec-20-18' ? CALIFORNIA_ONLY : family === 'car-rpa' ? TEXAS_ONLY : [];
  return offers.filter((offer) => !otherFamily.includes(offer.key));
}
