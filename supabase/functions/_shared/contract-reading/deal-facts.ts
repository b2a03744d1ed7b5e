/**
 * The deal's shape, clause by clause: how it is paid for (a ticked loan
 * type, "Financing: FHA", "Conventional loan from …", "all cash", a price
 * "in cash" not conditioned on financing, a financing sum of $0), where the
 * property is (one line "street, city, ST zip", state names as USPS codes),
 * and which state's form family the contract follows.
 */
import type { Clause } from './clauses.ts';
import type { ContractForm, FinancingType } from './types.ts';

export interface DealOffer<T> {
  value: T;
  start: number;
  end: number;
}


/** contracts.financing_type has no USDA or seller financing of its own: both are "other". */
const LOAN_WORDS: [FinancingType, RegExp][] = [
  ['conventional', /^conventional$/i],
  ['fha', /^fha$/i],
  ['va', /^va$/i],
  ['cash', /^(?:all\s+)?cash$/i],
  ['other', /^(?:usda|seller\s+financing)$/i],
];
const typeOf = (word: string) => LOAN_WORDS.find(([, pattern]) => pattern.test(word.trim()))?.[0] ?? null;

/** A box ticked as typed ("[X]") or as OCR tends to read it ("[x]", "|X]", "(X)"). */
/** The box may stand before the item's letter: "[X] A. CONVENTIONAL FINANCING", "[X] D. VA GUARANTEED FINANCING". */
const TICKED_WORD = /[[|(lI1]\s*[Xx×✓]\s*[\]|)lI1]\s*(?:[A-Z]\.\s+)?(Conventional|FHA|VA|USDA|Seller\s+Financing|All\s+cash(?:\s+offer)?|Cash)\b/gi;
const CASH_PHRASES = /\ball[- ]cash\b(?!\s*offer\b)|\b(?:payable|paid)\s+(?:entirely|wholly|in\s+full)\s+in\s+cash\b|\bnot\s+obtaining\s+(?:a|any)\s+loan\b|\b(?:entire|whole)\s+(?:purchase|sales)\s+price\s+in\s+cash\b|\bnot\s+(?:subject\s+to|contingent\s+(?:up)?on|conditioned\s+(?:up)?on)\s+(?:\w+\s+){0,4}?(?:financing|a\s+loan)\b|\bno\s+financing\s+contingency\b/i;
/** A loan type written before the loan it qualifies ("a conventional first loan", "FHA insured financing", "conventional jumbo,"); conventional in any case, the agencies in capitals. */
const LOAN_MENTION = /\b([Cc]onventional|CONVENTIONAL|FHA|VA|USDA)\b(?=(?:\s+(?:first|second|jumbo|insured|guaranteed|fixed|home)\b){0,3}(?:\s+(?:loan|financing|lien|mortgage)\b|\s*\)|\s*$|\s*[;,]))/g;
/** The seller lends part of the price: seller financing, a carryback note, the buyer's promissory note to the seller. */
const SELLER_FINANCING = /\b(?:seller|owner)[- ]financ(?:ing|ed)\b(?!\s+addendum)|\bseller\s+carry-?back\b|\bpromissory\s+note\s+(?:from\s+(?:Buyer|Purchaser)\s+)?to\s+(?:Seller|Vendor)\b/i;

/** The financing types a clause states. */
export function financingOffers(clause: Clause): DealOffer<FinancingType>[] {
  const text = clause.text;
  const ticked = [...text.matchAll(TICKED_WORD)];
  if (ticked.length) {
    return ticked
      .map((match) => ({ value: /cash/i.test(match[1]) ? 'cash' : typeOf(match[1]), start: match.index, end: match.index + match[0].length }))
      .filter((offer): offer is DealOffer<FinancingType> => offer.value !== null);
  }
  // TREC's price paragraph: no financing at all ("Sum of all financing … $0") means the buyer pays cash.
  const noFinancing = /sum\s+of\s+(?:all\s+)?financing[^$]*?(?:\$|USD)\s?0(?:\.00)?\b(?![\d,])/i.exec(text);
  if (noFinancing) return [{ value: 'cash', start: noFinancing.index, end: noFinancing.index + noFinancing[0].length }];
  // Unticked boxes list choices not made; a clause of boxes with none ticked says nothing.
  if (/\[\s\]|\(\s\)/.test(text)) return [];
  const sellerFinancing = SELLER_FINANCING.exec(text);
  if (sellerFinancing) return [{ value: 'other', start: sellerFinancing.index, end: sellerFinancing.index + sellerFinancing[0].length }];
  const cash = CASH_PHRASES.exec(text);
  if (cash) return [{ value: 'cash', start: cash.index, end: cash.index + cash[0].length }];
  // The label may follow its section's heading on the clause's first line ("FINANCING Type ...... USDA").
  const label = /^\s*(?:[A-Z][A-Z &]{3,}\s+)?(?:\(?[a-z]\)\s*)?(?:Financing|Loan(?:\s+type)?|Type(?:\s+of\s+(?:financing|loan))?)\s*(?::|\.{3,})\s*(Conventional|FHA|VA|USDA|All\s+cash|Cash)\b/i.exec(text);
  // "Loan type: Conventional FHA VA …" lists the choices (their boxes are form fields): no choice is made in the words.
  const listed = label && /^\s*(?:Conventional|FHA|VA|USDA|Cash|Seller)\b/i.test(text.slice(label.index + label[0].length));
  // The offer stands where the type is written (a form field, in a fillable form), not where its label is.
  if (label && !listed) return [{ value: typeOf(label[1])!, start: label.index + label[0].length - label[1].length, end: label.index + label[0].length }];
  if (!/\b(?:loan|financ|Loan\(s\))/i.test(text)) return [];
  return [...text.matchAll(LOAN_MENTION)].map((match) => ({ value: typeOf(match[1])!, start: match.index, end: match.index + match[0].length }));
}

/** The postal codes of the states (and D.C.): "Oakland, CR 94605" is a misread, not an address. */
const US_STATE_CODES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
);
const STATES: Record<string, string> = { texas: 'TX', california: 'CA', tx: 'TX', ca: 'CA', 'tex.': 'TX', 'calif.': 'CA' };
const STATE = String.raw`(?:TX|CA|Texas|California|[A-Z]{2})`;
/** A street number standing on its own ("$233 …" is an amount, or OCR's misreading of one). */
const STREET = String.raw`(?<![^\s(,:])\d{1,6}\s+[\p{L}\d.'’ -]{2,40}?`;
const CITY = String.raw`\p{L}[\p{L}.'’ -]{1,29}?`;
/** "4812 Ridgeview Dr, Austin, Texas 78731" and C.A.R.'s "410 Poppy Ln, situated in Irvine (City), Orange (County), California, 92612 (Zip Code)". */
const ADDRESS = new RegExp(
  String.raw`(?<street>${STREET}(?:,\s*(?:Unit|Apt\.?|Apartment|Suite|Ste\.?|#)\s*[\p{L}\d-]{1,6})?),\s*(?:situated\s+in\s+)?(?<city>${CITY})(?:\s*\(City\))?,\s*(?:[\p{L} ]{2,30}\(County\),\s*)?(?<state>${STATE})\.?,?\s+(?<zip>\d{5})(?:-\d{4})?\b`,
  'gu',
);
/** Words that say a clause is about the property; a deal sheet's "Re:" or "Asset:" line names it too. */
const ABOUT_PROPERTY = /propert|premises|known\s+as|located\s+at|address|^\s*(?:Re|Asset)\s*:/i;

/** The property address a clause about the property gives, as "street, city, ST zip". */
export function addressOffers(clause: Clause): DealOffer<string>[] {
  if (!ABOUT_PROPERTY.test(clause.text) && !ABOUT_PROPERTY.test(clause.heading)) return [];
  // An address for notices or of an office is not the property's.
  if (/\bnotices?\b|\boffices?\b|escrow agent|broker/i.test(clause.text)) return [];
  const offers: DealOffer<string>[] = [];
  for (const match of clause.text.matchAll(ADDRESS)) {
    const { street, city, state, zip } = match.groups!;
    const code = STATES[state.toLowerCase()] ?? (US_STATE_CODES.has(state) ? state : null);
    const cleanStreet = street.replace(/^.*?\b(?=\d{1,6}\s)/, '').trim();
    // A street's name starts with a capital or a figure ("5233 cakmont Ave" is OCR's misreading of "Oakmont").
    if (!code || /\d{5}/.test(cleanStreet) || !/^\d{1,6}\s+[\p{Lu}\d]/u.test(cleanStreet)) continue;
    offers.push({ value: `${cleanStreet}, ${city.trim()}, ${code} ${zip}`, start: match.index, end: match.index + match[0].length });
  }
  return offers;
}

const FORM_MARKS: [ContractForm, RegExp][] = [
  ['trec-20-18', /Texas Real Estate Commission|TREC\b|\(TREC\)/i],
  ['car-rpa', /California Association of REALTORS|C\.A\.R\.|CALIFORNIA RESIDENTIAL PURCHASE AGREEMENT/i],
];
const STATE_MARKS: [ContractForm, RegExp][] = [
  ['trec-20-18', /\bState of Texas\b|,\s*(?:TX|Texas)\s+7\d{4}\b|\(Texas\)/i],
  ['car-rpa', /\bState of California\b|,\s*(?:CA|California),?\s+9\d{4}\b|\(California\)/i],
];

/** The form family a clause names (a form's own mark), or, less surely, the state the contract is in. */
export function formOffer(clause: Clause): { form: ContractForm; marked: boolean; start: number; end: number } | null {
  for (const [marks, marked] of [[FORM_MARKS, true], [STATE_MARKS, false]] as const) {
    for (const [form, mark] of marks) {
      const match = mark.exec(clause.text);
      if (match) return { form, marked, start: match.index, end: match.index + match[0].length };
    }
  }
  return null;
}
