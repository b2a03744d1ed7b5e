/**
 * Amounts, day counts and dates, decided clause by clause: a clause names
 * what it is about ("Option Period", "Buyer Approval", "Close of Escrow")
 * and each value in it belongs to the nearest such name — the one it is
 * labelled with ("$150 as the Option Fee", "… (Effective Date)"), else the
 * one before it, else the only one in the clause. A value the clause marks
 * as replaced ("formerly", "in lieu of", "rather than", "Offer stated", an
 * "original" or "additional" fee) is not the fact in force.
 */
import type { Clause } from './clauses.ts';
import { dateMentions } from './dates.ts';
import { dayCounts, moneyAmounts, type Mention } from './numbers.ts';
import type { DateEngine, FactKey } from './types.ts';

type Kind = 'days' | 'money' | 'date';

interface Topic {
  key: FactKey;
  kind: Kind;
  /** Words that say a clause is about the fact (global, case-insensitive). */
  names: RegExp;
  /** A clause holding these is about something else for this fact (an objection period, a municipal inspection). */
  notInClause?: RegExp;
  /** Words between the name and a value after it that show the value is another amount ("Sales Price …, loan of $X"). */
  notBetween?: RegExp;
  /** Text right after a value that makes it another deadline ("5 days before COE", "3 days after Close of Escrow"). */
  notAfterValue?: RegExp;
  /** Text that must follow the value: what the period counts from ("30 Days after Acceptance"). */
  afterValue?: RegExp;
}

/** A count from closing, from a delivery, or from the end of another step ("within 3 Days after completing investigations") is another deadline. */
const BEFORE_OR_AFTER_CLOSING = /^[^.;]{0,20}?\b(?:before|prior to)\b|^\s*after\s+(?:the\s+)?(?:close|COE|closing|delivery|receipt|receiving|complet)/i;
/**
 * California's contingency periods count from Acceptance (or the effective
 * date): "within five (5) days after Buyer's request" is another step's
 * deadline, as is a count from closing or a delivery.
 */
const NOT_FROM_ACCEPTANCE = new RegExp(
  `${BEFORE_OR_AFTER_CLOSING.source}|^\\s*after\\s+(?!(?:the\\s+)?(?:date\\s+of\\s+)?(?:mutual\\s+)?(?:acceptance|effective\\s+date|execution))`,
  'i',
);
/** The escrow period counts from acceptance (or the effective date): a stay "for not more than 29 Days" after closing is something else. */
const FROM_ACCEPTANCE = /^[\s)\]]*(?:after|from|following)\s+(?:the\s+)?(?:date\s+of\s+)?(?:mutual\s+)?(?:acceptance|effective\s+date)/i;

const TOPICS: Topic[] = [
  {
    key: 'sales_price',
    kind: 'money',
    names: /\b(?:sales|purchase)\s+price\b|^price$/gi,
    // A loan amount as a share of the price, or what is owed if the Property appraises below it, is not the price.
    notInClause: /portion\s+of\s+(?:the\s+)?(?:sales|purchase)\s+price|sum\s+of\s+(?:all\s+)?financing|not\s+to\s+exceed|loan\s+amount|appraises?\s+(?:below|under|less)/i,
    notBetween: /loan|financ|down\s+payment|deposit|earnest|option\s+fee|credit|balance|of\s+which|funded/i,
  },
  { key: 'earnest_money', kind: 'money', names: /earnest\s+money|initial\s+deposit|\bdeposits?\b|^deposit$/gi, notInClause: /increased deposit|deposits, if any/i },
  { key: 'option_fee', kind: 'money', names: /option\s+fee/gi },
  { key: 'option_days', kind: 'days', names: /option\s+period|unrestricted\s+right\s+to\s+terminate|termination\s+option|\boption\b(?!\s+fee)/gi },
  { key: 'survey_days', kind: 'days', names: /\bsurvey\b/gi, notInClause: /\bobject/i },
  { key: 'title_commitment_days', kind: 'days', names: /\bcommitment\b/gi, notInClause: /\bobject|loan commitment/i },
  { key: 'financing_days', kind: 'days', names: /buyer\s+approval|financing\s+approval|approval\s+for\s+financing|\bTPFA\b/gi },
  {
    key: 'inspection_days',
    kind: 'days',
    names: /investigation|inspection\s+contingency|contingency\s+for\s+inspections|complete\s+(?:all\s+)?(?:buyer'?s?\s+)?inspections|^inspection$/gi,
    notInClause: /municipal|advis/i,
    notAfterValue: NOT_FROM_ACCEPTANCE,
  },
  { key: 'appraisal_days', kind: 'days', names: /appraisal/gi, notInClause: /\bgap\b/i, notAfterValue: NOT_FROM_ACCEPTANCE },
  { key: 'loan_days', kind: 'days', names: /loan\s+contingency/gi, notAfterValue: NOT_FROM_ACCEPTANCE },
  {
    key: 'disclosure_days',
    kind: 'days',
    names: /seller\s+delivery\s+of\s+documents|disclosures?/gi,
    notInClause: /lead-based|review|rescind|cancel|terminate|buyer (?:has|shall have)/i,
    notAfterValue: NOT_FROM_ACCEPTANCE,
  },
  {
    key: 'escrow_days',
    kind: 'days',
    names: /close\s+of\s+escrow|\bCOE\b|escrow\s+shall\s+close|shall\s+close/gi,
    notAfterValue: BEFORE_OR_AFTER_CLOSING,
    afterValue: FROM_ACCEPTANCE,
  },
  {
    key: 'effective_date',
    kind: 'date',
    names:
      /effective\s+date|date\s+of\s+(?:final\s+)?acceptance|acceptance\s+date|confirmation\s+of\s+acceptance|acceptance\s+(?:was\s+)?(?:personally\s+)?received|(?:offer|agreement|contract)\s+was\s+accepted|\bacceptance(?=\s*(?:\(effective\))?\s*(?::|\.{3,}))/gi,
    notInClause: /not change|prepared/i,
  },
  { key: 'closing_date', kind: 'date', names: /closing\s+date|\bclosing\b|close\s+of\s+escrow|\bCOE\b|shall\s+close|paragraph\s+9\b/gi },
];

/** A value the clause itself says was replaced, or only asked for ("counter item 2 asked for 45 Days … not accepted"). */
const REPLACED_BEFORE = /(?:formerly|previously|originally|in lieu of|rather than|instead of|offer stated|\bwas|asked for|requested|proposed)\s*["“'‘]?\s*(?:USD|\$)?\s*$/i;
/** "increased to $X from $Y": after such a verb, the value after "from" is the one replaced. */
const CHANGE_VERB = /\b(?:increased|reduced|decreased|changed|extended|shortened|amended|revised)\b/i;

/** Whether the last checkbox before a place in the text is unticked: "[ ] 25 Days after Acceptance [X] on date …" does not choose 25. */
function afterUntickedBox(text: string, at: number): boolean {
  const boxes = [...text.slice(0, at).matchAll(/\[\s*([xX×✓]?)\s*\]/g)];
  return boxes.length > 0 && boxes[boxes.length - 1][1] === '';
}

/** A name qualified as not the fact's whole value: the original or an additional option fee. */
const NOT_IN_FORCE_NAME = /\b(?:original|additional)\s+$/i;
/** What may stand between a value and the name labelling it ("as" also as OCR misreads it: "ag"): "$150 as the Option Fee", "$100.00) (the "Option Fee")", ", which date the parties agree shall be the Effective Date". */
const LABEL_AFTER =
  /^[\s)"”'‘’.,]*(?:\(\s*(?:the\s+|this\s+)?|a[sgz5]\s+(?:the\s+)?|,\s*which\s+date\s+the\s+parties\s+agree\s+shall\s+be\s+the\s+|,\s*which\s+(?:date\s+)?(?:is|shall\s+be)\s+the\s+|being\s+the\s+|the\s+date\s+on\s+which\s+(?:this|the)\s+)["“'‘’\s]*$/i;

interface Named {
  topic: Topic;
  start: number;
  end: number;
  inForce: boolean;
}

export interface TermOffer {
  key: FactKey;
  value: number | string;
  start: number;
  end: number;
}

/** OCR's specks between words ("earnest . money") as spaces, keeping every offset. */
const withoutSpecks = (text: string) => text.replace(/(?<=\w)\s+[.,'‘’•·]+(?=\s+\w)/g, (speck) => ' '.repeat(speck.length));

/** A clause about one of these has its own subject for a date, whatever its paragraph's heading. */
const OTHER_DATED_THING = /\b(?:offer|listing|expires?|expiration|expiry)\b/i;

function namesIn(clause: Clause, kind: Kind): Named[] {
  const found: Named[] = [];
  const text = withoutSpecks(clause.text);
  for (const topic of TOPICS) {
    if (topic.kind !== kind || topic.notInClause?.test(clause.text)) continue;
    for (const match of text.matchAll(topic.names)) {
      const before = text.slice(Math.max(0, match.index - 12), match.index);
      found.push({ topic, start: match.index, end: match.index + match[0].length, inForce: !NOT_IN_FORCE_NAME.test(before) });
    }
  }
  // A terse clause ("On or before 2027-04-27.") is about its paragraph's heading ("CLOSING"), when it names nothing itself;
  // a date of the offer, the listing or an expiry ("Buyer's offer was first made on …") is about what the clause says.
  if (found.length === 0 && clause.heading && !(kind === 'date' && OTHER_DATED_THING.test(clause.text))) {
    for (const topic of TOPICS) {
      if (topic.kind !== kind || topic.notInClause?.test(clause.text)) continue;
      topic.names.lastIndex = 0;
      if (topic.names.test(clause.heading)) found.push({ topic, start: -1, end: -1, inForce: true });
      topic.names.lastIndex = 0;
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** How far (characters) a value may stand from the name it belongs to, by kind: a date far from "Effective Date" is some other date. */
const REACH: Record<Kind, number> = { days: 150, money: 150, date: 80 };

function nameOf(clause: Clause, kind: Kind, value: Mention<unknown>, names: Named[], values: Mention<unknown>[]): Named | null {
  // "$6,000 earnest money and a $275 Option Fee": an amount written right before a name (not a label: no colon after it), and not itself right after one, is that name's.
  const afterName = names.some((name) => name.end <= value.start && /^[\s:$|.-]*$/.test(clause.text.slice(name.end, value.start)));
  const amountBefore = (name: Named) =>
    kind === 'money' && !afterName && /^\s+$/.test(clause.text.slice(value.end, name.start)) && !/^\s*(?::|\.{3,}|\|)/.test(clause.text.slice(name.end));
  const labelling = names.find((name) => name.start >= value.end && (LABEL_AFTER.test(clause.text.slice(value.end, name.start)) || amountBefore(name)));
  if (labelling) return labelling;
  const before = names.filter((name) => name.end <= value.start);
  if (before.length) {
    const nearest = before[before.length - 1];
    // A name's value is the first after it: in "loan contingency 21 days and … within 3 days", 3 is not the loan's.
    const between = values.some((other) => other !== value && other.start >= nearest.end && other.end <= value.start);
    return !between && (nearest.start < 0 || value.start - nearest.end <= REACH[kind]) ? nearest : null;
  }
  // "Within 20 days after …, Seller shall furnish … a commitment": the clause's only value, before the only thing it is about.
  const keys = new Set(names.map((name) => name.topic.key));
  return kind !== 'date' && keys.size === 1 && values.length === 1 && names[0].start - value.end <= REACH[kind] ? names[0] : null;
}

function mentionsOf(clause: Clause, kind: Kind, chrono: DateEngine): Mention<number | string>[] {
  if (kind === 'days') return dayCounts(clause.text);
  if (kind === 'money') return moneyAmounts(clause.text).filter((mention) => mention.value > 0);
  return dateMentions(clause.text, chrono);
}

/** The amounts, day counts and dates a clause gives for the facts it is about. */
/** A default that applies only when the form's blank or schedule is empty ("If no time is stated, … 17 Days") is not the term agreed. */
const DEFAULT_ONLY = /\bif\s+no\s+(?:time|period|date|number)\s+is\s+(?:stated|specified|filled|given)|\bdefault\s+applies\s+only/i;

export function termOffers(clause: Clause, chrono: DateEngine): TermOffer[] {
  // A checkbox line left unticked is a choice not made.
  if (/^\s*\[\s\]/.test(clause.text) || DEFAULT_ONLY.test(clause.text)) return [];
  const offers: TermOffer[] = [];
  for (const kind of ['days', 'money', 'date'] as const) {
    const names = namesIn(clause, kind);
    if (names.length === 0) continue;
    const all = mentionsOf(clause, kind, chrono);
    // "reduced from $455,000 to $441,000": the replaced value stands between the name and the new one without being a rival.
    const replaced = (mention: Mention<number | string>) => {
      const before = clause.text.slice(Math.max(0, mention.start - 24), mention.start);
      return REPLACED_BEFORE.test(before) || (CHANGE_VERB.test(clause.text) && /\bfrom\s*(?:USD|\$)?\s*$/i.test(before));
    };
    const mentions = all.filter((mention) => !replaced(mention));
    for (const mention of mentions) {
      // "PURCHASE PRICE  DEPOSIT / $612,000  $12,000": amounts or dates side by side are a table row's columns; which is whose is not said.
      if (kind !== 'days' && mentions.some((other) => other !== mention && /^\s*$/.test(clause.text.slice(Math.min(other.end, mention.end), Math.max(other.start, mention.start))))) continue;
      const before = clause.text.slice(Math.max(0, mention.start - 24), mention.start);
      if (afterUntickedBox(clause.text, mention.start)) continue;
      // "Trust dated May 2, 2001", "Offer … dated March 17, 2027": the date of another document.
      if (kind === 'date' && /\bdated\s*$/i.test(before)) continue;
      const name = nameOf(clause, kind, mention, names, mentions);
      if (!name || !name.inForce) continue;
      if (name.start >= 0 && name.end <= mention.start && name.topic.notBetween?.test(clause.text.slice(name.end, mention.start))) continue;
      if (name.topic.notAfterValue?.test(clause.text.slice(mention.end, mention.end + 40))) continue;
      if (name.topic.afterValue && !name.topic.afterValue.test(clause.text.slice(mention.end, mention.end + 40))) continue;
      offers.push({ key: name.topic.key, value: mention.value, start: mention.start, end: mention.end });
    }
  }
  return offers;
}
