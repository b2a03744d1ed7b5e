/**
 * Steps 2–3: label-anchored reading of a contract's own wording, on the
 * text layer or OCR'd text. Each fact has alternatives written for the ways
 * TREC, C.A.R. and other forms (and their versions) say it — "Sales Price
 * (Sum of A and B)", "THE PURCHASE PRICE offered is", "Purchase Price:" —
 * tried in order on every page; the first that yields a valid value is
 * proposed, cited by the exact matched text of its page.
 */
import { DATE_PATTERN, MONEY_PATTERN, cleanName, normaliseText, parseDate, parseDays, parseMoney } from './normalise.ts';
import type { ContractForm, FactKey, FinancingType, PageText, ProposedFact, ReaderEngines } from './types.ts';

const TEXT_CONFIDENCE = 0.9;
/** OCR can misread a digit while the label still matches. */
const OCR_CONFIDENCE = 0.8;

const DATE = `(?<v>${DATE_PATTERN})`;
const MONEY = `\\$\\s?(?<v>${MONEY_PATTERN})`;
/** A day count: "7", "seven (7)", "ten", or C.A.R.'s "17 (or 21)" / "17 (or ___)" (a printed default and a blank to override it). */
const DAYS = String.raw`(?<v>\d{1,3}\s*\(or\s*[^)\n]{0,12}\)|\d{1,3}|[A-Za-z]+(?:-[A-Za-z]+)?\s*\(\d{1,3}\)|[A-Za-z]+(?:-[A-Za-z]+)?)`;
/**
 * A name that may wrap onto the next line: capitalised words, initials ("A."),
 * "and", "&" and family-name particles — no other lower-case word, so
 * "The parties to this contract are Robert Jones" yields "Robert Jones", and
 * a full stop after a longer word ends it ("Capitol Realty Group. Karen White").
 */
const NAME_WORD = String.raw`(?:[A-Z][A-Za-z'-]*|[A-Z]\.|&|and|de|del|la|le|van|von|der|da|di|du)`;
const NAME = String.raw`(?<v>[A-Z][A-Za-z'&-]*(?:[ \n]+${NAME_WORD}){0,12}?)`;
/** The start of a "Label: value" line, allowing one short token before the label (an item letter, or a speck OCR kept). */
const LINE_START = String.raw`^[ \t]*(?:\S{1,2}[ \t]+)?`;
/** The rest of a "Label: value" line. */
const LINE = String.raw`(?<v>[^\n]+)`;

type Parse = (text: string) => string | number | boolean | null;

interface Rule {
  key: FactKey;
  patterns: RegExp[];
  parse: Parse;
}

const ci = (source: string) => new RegExp(source, 'i');
const cm = (source: string) => new RegExp(source, 'im');
/** Names keep their capital letters significant, so labels spell both cases. */
const cs = (source: string) => new RegExp(source, 'm');

const FINANCING: [FinancingType, RegExp][] = [
  ['cash', /cash/i],
  ['conventional', /conventional/i],
  ['fha', /fha/i],
  ['va', /^va$|^va\b/i],
  ['other', /seller|other/i],
];

function parseFinancing(text: string): FinancingType | null {
  return FINANCING.find(([, pattern]) => pattern.test(text.trim()))?.[0] ?? null;
}

const FINANCING_WORD = String.raw`(?<v>Conventional|FHA|VA|All\s+cash|Cash|Seller\s+financing|Other)`;
/** A ticked box as typed ("[X]") or as OCR tends to read it ("[x]", "|X]", "(X)"). */
const TICKED = String.raw`[[|(lI1]\s*[Xx×✓]\s*[\]|)lI1]`;

const RULES: Rule[] = [
  {
    key: 'effective_date',
    patterns: [
      ci(`EXECUTED\\s+the\\s+${DATE}\\s*\\(?\\s*Effective\\s+Date`),
      ci(`Effective\\s+Date\\s*:?\\s*(?:the\\s+date\\s+of\\s+final\\s+acceptance,?\\s*)?${DATE}`),
      ci(`(?:Date\\s+of\\s+Acceptance|Acceptance\\s+Date)\\s*:?\\s*${DATE}`),
      ci(`offer\\s+was\\s+accepted\\s+on\\s+${DATE}`),
    ],
    parse: parseDate,
  },
  {
    key: 'closing_date',
    patterns: [
      ci(`closing[^.]{0,40}?on\\s+or\\s+before\\s+${DATE}`),
      ci(`Closing\\s+Date\\s*:?\\s*${DATE}`),
      ci(`Close\\s+of\\s+Escrow(?:\\s+\\(COE\\))?\\s*:?\\s*(?:on\\s+)?${DATE}`),
      ci(`Escrow\\s+shall\\s+close\\s+on\\s+${DATE}`),
    ],
    parse: parseDate,
  },
  {
    key: 'sales_price',
    patterns: [
      ci(`Sales\\s+Price\\s*\\(Sum\\s+of\\s+A\\s+and\\s+B\\)[\\s.,·…_-]*${MONEY}`),
      ci(`(?:Sales|Purchase)\\s+Price(?:\\s+offered)?\\s*(?:is|:|of)?\\s*${MONEY}`),
    ],
    parse: parseMoney,
  },
  {
    key: 'earnest_money',
    patterns: [
      ci(`${MONEY}\\s+as\\s+earnest\\s+money`),
      ci(`Earnest\\s+Money(?:\\s+of)?\\s*:?\\s*${MONEY}`),
      ci(`(?:Initial\\s+Deposit(?:\\s+Amount)?|Deposit\\s+Amount|Deposit\\s*:)\\s*:?\\s*${MONEY}`),
      ci(`deposit[^$.]{0,60}?(?:amount|deposit)\\s+of\\s+${MONEY}`),
      ci(`deposit\\s+of\\s+${MONEY}`),
    ],
    parse: parseMoney,
  },
  {
    key: 'option_fee',
    patterns: [ci(`${MONEY}\\s+(?:as\\s+the\\s+|\\(the\\s+)Option\\s+Fee`), ci(`Option\\s+Fee\\s*:?\\s*${MONEY}`)],
    parse: parseMoney,
  },
  {
    key: 'option_days',
    patterns: [
      ci(`terminat\\w*\\s+this\\s+contract[^.]{0,120}?within\\s+${DAYS}\\s+days\\s+after\\s+the\\s+Effective\\s+Date`),
      ci(`Option\\s+Period\\s*:?\\s*${DAYS}\\s+days`),
    ],
    parse: parseDays,
  },
  {
    key: 'inspection_days',
    patterns: [
      ci(`${DAYS}\\s+Days\\s+after\\s+Acceptance\\s+to\\s+complete[^.]{0,40}?Investigations`),
      ci(`(?:inspections?|Investigation)[^.]{0,60}?${DAYS}\\s+Days\\s+after\\s+Acceptance`),
    ],
    parse: parseDays,
  },
  { key: 'appraisal_days', patterns: [ci(`Appraisal[^.]{0,60}?${DAYS}\\s+Days\\s+after\\s+Acceptance`)], parse: parseDays },
  { key: 'loan_days', patterns: [ci(`Loan\\s+contingency[^.]{0,60}?${DAYS}\\s+Days\\s+after\\s+Acceptance`)], parse: parseDays },
  {
    key: 'disclosure_days',
    patterns: [
      ci(`Seller\\s+Delivery\\s+of\\s+Documents\\s*:?\\s*${DAYS}\\s+Days`),
      ci(`disclosures?[^.]{0,60}?${DAYS}\\s+Days\\s+after\\s+Acceptance`),
    ],
    parse: parseDays,
  },
  {
    key: 'escrow_days',
    patterns: [
      ci(`Close\\s+of\\s+Escrow[^.]{0,40}?${DAYS}\\s+Days\\s+after\\s+Acceptance`),
      ci(`Escrow\\s+shall\\s+close\\s+within\\s+${DAYS}\\s+(?:calendar\\s+)?days\\s+after\\s+acceptance`),
    ],
    parse: parseDays,
  },
  {
    key: 'survey_days',
    patterns: [ci(`Survey\\s+Due\\s*:?\\s*${DAYS}\\s+days`), ci(`survey[^.]{0,60}?\\bwithin\\s+${DAYS}\\s+days`)],
    parse: parseDays,
  },
  {
    key: 'financing_days',
    patterns: [
      ci(`Buyer\\s+Approval\\s+Period\\s*:?\\s*${DAYS}\\s+days`),
      ci(`(?:Buyer\\s+Approval|approval\\s+for\\s+financing)[^.]{0,80}?within\\s+${DAYS}\\s+days`),
    ],
    parse: parseDays,
  },
  {
    key: 'title_commitment_days',
    patterns: [
      ci(`Title\\s+Commitment\\s+Due\\s*:?\\s*${DAYS}\\s+days`),
      ci(`Within\\s+${DAYS}\\s+days\\s+after\\s+the\\s+Title\\s+Company\\s+receives`),
      ci(`title\\s+commitment[^.]{0,40}?within\\s+${DAYS}\\s+days`),
    ],
    parse: parseDays,
  },
  {
    key: 'financing_type',
    patterns: [
      ci(`${TICKED}\\s*${FINANCING_WORD}`),
      cm(`${LINE_START}(?:Financing|Loan\\s+type)\\s*:\\s*${FINANCING_WORD}`),
      ci(`${FINANCING_WORD}\\s+loan\\s+from`),
    ],
    parse: parseFinancing,
  },
  {
    key: 'buyer_names',
    patterns: [
      cs(`${LINE_START}(?:BUYERS?|Buyers?)(?:\\(s\\))?\\s*:[ \\t]*${LINE}`),
      cs(`(?:,|and|from|FROM|are|PARTIES:)\\s+${NAME}\\s*\\(?"?Buyer"?\\)`),
      cs(`${NAME},\\s+hereinafter\\s+called\\s+Buyer`),
    ],
    parse: cleanName,
  },
  {
    key: 'seller_names',
    patterns: [
      cs(`${LINE_START}(?:SELLERS?|Sellers?)(?:\\(s\\))?\\s*:[ \\t]*${LINE}`),
      cs(`(?:,|and|from|FROM|are|PARTIES:)\\s+${NAME}\\s*\\(?"?Seller"?\\)`),
      cs(`from\\s+${NAME},\\s+hereinafter\\s+called\\s+Seller`),
    ],
    parse: cleanName,
  },
  {
    key: 'property_address',
    patterns: [
      cm(`${LINE_START}(?:Property\\s+)?Address(?:\\s+of\\s+Property)?\\s*:[ \\t]*${LINE}`),
      ci(`REAL\\s+PROPERTY\\s+to\\s+be\\s+acquired\\s+is\\s+(?<v>[^()"]+?)\\s*\\(?"?Property`),
      ci(`(?:Property\\s+is|commonly)\\s+known\\s+as\\s+(?<v>[^()]+?)(?:\\s+from\\b|\\.\\s)`),
    ],
    parse: cleanName,
  },
  {
    key: 'title_company',
    patterns: [
      ci(`issued\\s+by\\s+(?<v>[^().]+?)\\s*\\(Title\\s+Company\\)`),
      cm(`${LINE_START}Title\\s+Company\\s*:[ \\t]*${LINE}`),
      ci(`title\\s+(?:insurance|policy)[^.]{0,40}?issued\\s+by\\s+(?<v>[^.(]+?)\\s*[.(]`),
    ],
    parse: cleanName,
  },
  {
    key: 'lender',
    patterns: [cm(`${LINE_START}Lender\\s*:[ \\t]*${LINE}`), ci(`loan\\s+from\\s+(?<v>[^;.]+?)\\s*[;.]`)],
    parse: cleanName,
  },
  {
    key: 'buyer_agent_name',
    patterns: [
      cm(`Buyer'?s\\s+Agent\\)?\\s*:[ \\t]*${LINE}`),
      cs(`${NAME},\\s+Associate,\\s+represents\\s+Buyer\\s+only`),
    ],
    parse: cleanName,
  },
];

const FORM_MARKS: [ContractForm, RegExp][] = [
  ['trec-20-18', /Texas Real Estate Commission|TREC NO\.\s*20-\d\d|\(TREC\)/i],
  ['car-rpa', /California Association of REALTORS|C\.A\.R\. Form RPA|CALIFORNIA RESIDENTIAL PURCHASE AGREEMENT/i],
];

/** The form the pages name (TREC or C.A.R. by their marks), with the mark as the form fact's citation. */
export function detectForm(pages: PageText[]): { form: ContractForm; fact: ProposedFact | null } {
  for (const page of pages) {
    for (const [form, mark] of FORM_MARKS) {
      const match = mark.exec(page.text);
      if (match) {
        const source = page.source === 'ocr' ? 'ocr' : 'text';
        const confidence = page.source === 'ocr' ? OCR_CONFIDENCE : TEXT_CONFIDENCE;
        return { form, fact: { key: 'form', value: form, confidence, source, citation: { page: page.page, text: match[0].replace(/\s+/g, ' ') } } };
      }
    }
  }
  return { form: 'generic', fact: null };
}

/** The lowest OCR confidence among the page's words that make up the value (a misread digit shows there), if known. */
function ocrValueConfidence(page: PageText, raw: string): number | undefined {
  let lowest: number | undefined;
  for (const token of raw.split(/\s+/).filter((part) => part.length >= 2)) {
    const word = page.items?.find((item) => item.confidence !== undefined && item.str.includes(token));
    if (word?.confidence !== undefined) lowest = Math.min(lowest ?? 1, word.confidence);
  }
  return lowest;
}

/** Doubtful OCR values stay proposals, but flagged (the review screen flags below 0.8) rather than looking certain. */
const MIN_OCR_CONFIDENCE = 0.3;

function confidenceOf(page: PageText, raw: string): number {
  if (page.source !== 'ocr') return TEXT_CONFIDENCE;
  const words = ocrValueConfidence(page, raw);
  return words === undefined ? OCR_CONFIDENCE : Math.max(MIN_OCR_CONFIDENCE, Math.min(OCR_CONFIDENCE, Math.round(words * 100) / 100));
}

function firstMatch(rule: Rule, pages: PageText[]): ProposedFact | null {
  for (const pattern of rule.patterns) {
    for (const page of pages) {
      const match = pattern.exec(page.text);
      const raw = match?.groups?.v;
      if (!match || raw === undefined) continue;
      const value = rule.parse(raw);
      if (value === null) continue;
      const quote = match[0].replace(/\s+/g, ' ').trim();
      // The quote must hold the value's own characters, not just its label.
      if (!normaliseText(quote).includes(normaliseText(raw))) continue;
      return { key: rule.key, value, confidence: confidenceOf(page, raw), source: page.source === 'ocr' ? 'ocr' : 'text', citation: { page: page.page, text: quote } };
    }
  }
  return null;
}

/** Proposals from the pages' text, at most one per fact; all_cash follows from the financing type, with its citation. */
export function readPageTexts(pages: PageText[], _engines: ReaderEngines): ProposedFact[] {
  const facts: ProposedFact[] = [];
  for (const rule of RULES) {
    const fact = firstMatch(rule, pages);
    if (fact) facts.push(fact);
  }
  const financing = facts.find((fact) => fact.key === 'financing_type');
  if (financing) facts.push({ ...financing, key: 'all_cash', value: financing.value === 'cash' });
  return facts;
}
