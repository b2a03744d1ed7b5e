/**
 * Step 4 of the reading: a model proposes the facts steps 1–3 left missing,
 * each with a verbatim quote. A proposal survives only when its quote is
 * found in the document's own text (verifyQuote: whitespace and case
 * normalised) and its value parses as the fact's kind; the rest is dropped,
 * never shown. AI proposals carry a confidence under the review screen's
 * 0.8 line, so they are flagged and never pre-accepted.
 */
import type { OpenAI } from '../_shared/deps.ts';
import { FACT_KEYS, FINANCING_TYPES, type FactKey, type PageText, type ProposedFact } from '../_shared/contract-reading/types.ts';
import { verifyQuote } from '../_shared/contract-reading/verify.ts';
import { parseDate, parseDays, parseMoney } from '../_shared/contract-reading/normalise.ts';

/** Below the review screen's 0.8 line on purpose: a model's reading is a suggestion to check. */
export const AI_CONFIDENCE = 0.6;

/** The document's text the model sees, at most this many characters (about 12 pages of a contract). */
const MAX_PROMPT_CHARS = 60_000;

const DATE_KEYS = new Set<FactKey>(['effective_date', 'closing_date']);
const MONEY_KEYS = new Set<FactKey>(['sales_price', 'earnest_money', 'option_fee']);

/** The fact keys a reading has not proposed (form is never asked: it decides the reading itself). */
export function missingKeys(proposed: ProposedFact[]): FactKey[] {
  const have = new Set(proposed.map((fact) => fact.key));
  return FACT_KEYS.filter((key) => key !== 'form' && !have.has(key));
}

/** A model's value as the fact's kind, or null when it is not one. */
export function parseFactValue(key: FactKey, raw: string): string | number | boolean | null {
  const text = raw.trim();
  if (!text) return null;
  if (DATE_KEYS.has(key)) return parseDate(text);
  if (MONEY_KEYS.has(key)) return parseMoney(text);
  if (key.endsWith('_days')) return parseDays(text);
  if (key === 'all_cash') return /^(true|yes)$/i.test(text) ? true : /^(false|no)$/i.test(text) ? false : null;
  if (key === 'financing_type') return (FINANCING_TYPES as readonly string[]).includes(text.toLowerCase()) ? text.toLowerCase() : null;
  return text.length <= 500 ? text : null;
}

interface ModelFact {
  key: string;
  value: string;
  quote: string;
}

/** The model's answers that are verified: known missing key, parseable value, quote found on a page. */
export function verifiedProposals(answers: ModelFact[], missing: FactKey[], pages: PageText[]): { kept: ProposedFact[]; discarded: number } {
  const wanted = new Set<string>(missing);
  const kept: ProposedFact[] = [];
  let discarded = 0;
  for (const answer of answers) {
    const key = answer.key as FactKey;
    const value = wanted.has(key) ? parseFactValue(key, String(answer.value ?? '')) : null;
    const citation = value === null ? null : verifyQuote(pages, String(answer.quote ?? ''));
    if (value === null || !citation || kept.some((fact) => fact.key === key)) {
      discarded++;
      continue;
    }
    kept.push({ key, value, confidence: AI_CONFIDENCE, source: 'ai', citation });
  }
  return { kept, discarded };
}

function documentText(pages: PageText[]): string {
  const text = pages.map((page) => `--- Page ${page.page} ---\n${page.text}`).join('\n');
  return text.length > MAX_PROMPT_CHARS ? text.slice(0, MAX_PROMPT_CHARS) : text;
}

const responseFormat = (missing: FactKey[]) => ({
  type: 'json_schema' as const,
  json_schema: {
    name: 'contract_facts',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['facts'],
      properties: {
        facts: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['key', 'value', 'quote'],
            properties: { key: { type: 'string', enum: missing }, value: { type: 'string' }, quote: { type: 'string' } },
          },
        },
      },
    },
  },
});

export function promptMessages(missing: FactKey[], pages: PageText[]) {
  return [
    {
      role: 'system' as const,
      content:
        'You read US residential purchase contracts. For each requested fact that the contract states, answer its key, its value ' +
        '(dates YYYY-MM-DD, amounts as plain numbers, day counts as whole numbers, all_cash true/false, financing_type one of cash, conventional, fha, va, other) ' +
        'and a quote: the exact words of the contract the value is read from, copied character for character. Leave out any fact the contract does not state; never guess.',
    },
    { role: 'user' as const, content: `Facts wanted: ${missing.join(', ')}\n\nContract text:\n${documentText(pages)}` },
  ];
}

/** Asks the model for the missing facts; returns its raw answer and the verified proposals. Provider errors propagate. */
export async function proposeMissingFacts(
  client: OpenAI,
  model: string,
  missing: FactKey[],
  pages: PageText[],
): Promise<{ kept: ProposedFact[]; discarded: number; output: string }> {
  const completion = await client.chat.completions.create({ model, messages: promptMessages(missing, pages), response_format: responseFormat(missing) });
  const output = completion.choices[0]?.message?.content ?? '';
  let answers: ModelFact[] = [];
  try {
    const parsed = JSON.parse(output) as { facts?: unknown };
    if (Array.isArray(parsed.facts)) answers = parsed.facts.filter((f): f is ModelFact => typeof f === 'object' && f !== null);
  } catch {
    // An answer that is not the requested JSON proposes nothing.
  }
  return { ...verifiedProposals(answers, missing, pages), output };
}
