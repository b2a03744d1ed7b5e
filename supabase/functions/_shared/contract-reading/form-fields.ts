/**
 * Step 1 for fields without a place to read them by (no widget box, or on
 * a page without text): their names. A fillable form's field names differ
 * per form and version ("Sales Price", "salesPrice", "PurchasePrice"), so
 * names are matched by their normalised words, in order, the first
 * matching field per fact winning; the value is parsed like text and cited
 * by the field's name, page and value. Fields with a box are read through
 * the label beside them (field-layout.ts).
 */
import { cleanName, parseDate, parseDays, parseMoney } from './normalise.ts';
import { fieldCitationText } from './verify.ts';
import type { FactKey, FinancingType, FormField, ProposedFact } from './types.ts';

/** Field values are typed into the form: exact, but the name→fact mapping can be wrong. */
const FIELD_CONFIDENCE = 0.97;

type Parser = (value: string) => string | number | boolean | null;

const money: Parser = parseMoney;
const days: Parser = parseDays;
const date: Parser = parseDate;
const name: Parser = cleanName;

/** [fact, pattern on the field name lower-cased without punctuation or spaces, parser]; earlier rows win. */
const FIELD_RULES: [FactKey, RegExp, Parser][] = [
  ['effective_date', /effectivedate|acceptancedate|dateofacceptance|executeddate/, date],
  ['closing_date', /closingdate|closeofescrowdate|coedate/, date],
  ['sales_price', /^(sales|purchase|total)?price$|salesprice|purchaseprice/, money],
  ['earnest_money', /earnestmoney|initialdeposit|^deposit(amount)?$/, money],
  ['option_fee', /optionfee/, money],
  ['option_days', /option(period)?days|^optionperiod$/, days],
  ['inspection_days', /(inspection|investigation).*days/, days],
  ['appraisal_days', /appraisal.*days/, days],
  ['loan_days', /loan(contingency)?days/, days],
  ['disclosure_days', /disclosure.*days/, days],
  ['escrow_days', /escrow.*days/, days],
  ['survey_days', /survey.*days/, days],
  ['financing_days', /(financing|buyerapproval|approval).*days/, days],
  ['title_commitment_days', /commitment.*days/, days],
  ['buyer_names', /^buyers?(names?)?$|buyersnames?|buyername/, name],
  ['seller_names', /^sellers?(names?)?$|sellersnames?|sellername/, name],
  ['property_address', /propertyaddress|^address$|^property$/, name],
  ['title_company', /titleco(mpany)?$|titlecompany|titleinsurer/, name],
  ['lender', /^lender(name)?$/, name],
  ['buyer_agent_name', /buyersagent|buyeragent|sellingagent/, name],
];

const FINANCING_WORDS: [FinancingType, RegExp][] = [
  ['cash', /cash|nofinancing/],
  ['conventional', /conventional/],
  ['fha', /fha/],
  ['va', /va$|valoan/],
  ['other', /otherfinancing|sellerfinancing|financingother/],
];

const fieldKey = (field: FormField) => field.name.toLowerCase().replace(/[^a-z0-9]/g, '');

function fromField(key: FactKey, value: string | number | boolean, field: FormField, confidence = FIELD_CONFIDENCE): ProposedFact {
  return { key, value, confidence, source: 'form_field', citation: { page: field.page, text: fieldCitationText(field), field: field.name } };
}

/** The financing type from a ticked box named after it, or a text field holding it. */
function financingFacts(fields: FormField[]): ProposedFact[] {
  for (const field of fields) {
    const key = fieldKey(field);
    if (!/financ|loan|cash/.test(key)) continue;
    let type: FinancingType | undefined;
    if (field.value === true) type = FINANCING_WORDS.find(([, pattern]) => pattern.test(key))?.[0];
    else if (typeof field.value === 'string' && /financingtype|loantype/.test(key)) {
      const word = field.value.toLowerCase().replace(/[^a-z]/g, '');
      type = FINANCING_WORDS.find(([, pattern]) => pattern.test(word))?.[0];
    }
    if (type) return [fromField('financing_type', type, field), fromField('all_cash', type === 'cash', field)];
  }
  return [];
}

/** Proposals from the form's fields: at most one per fact, the first field whose name matches. */
export function readFormFields(fields: FormField[]): ProposedFact[] {
  const facts: ProposedFact[] = [];
  for (const [key, pattern, parse] of FIELD_RULES) {
    for (const field of fields) {
      if (typeof field.value !== 'string' || !pattern.test(fieldKey(field))) continue;
      const value = parse(field.value);
      if (value === null) continue;
      facts.push(fromField(key, value, field));
      break;
    }
  }
  return [...facts, ...financingFacts(fields)];
}
