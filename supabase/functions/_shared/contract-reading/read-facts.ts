/**
 * Steps 1–3 of reading a contract, pure: form fields first (exact values),
 * then the text layer and OCR'd pages with label-anchored rules. At most one
 * proposal per fact, each with a citation that citationIsVerified accepts;
 * a value nobody can point to is never proposed.
 */
import { readFormFields } from './form-fields.ts';
import { detectForm, readPageTexts } from './text-rules.ts';
import { citationIsVerified } from './verify.ts';
import type { FactKey, FactSource, FormField, PageText, ProposedFact, Reading } from './types.ts';

export function readFacts(input: { fields: FormField[]; pages: PageText[] }): Reading {
  const pageCount = input.pages.reduce((max, page) => Math.max(max, page.page), 0);
  const detected = detectForm(input.pages);
  const chosen = new Map<FactKey, ProposedFact>();
  const offer = (fact: ProposedFact) => {
    if (!chosen.has(fact.key) && citationIsVerified(input, fact)) chosen.set(fact.key, fact);
  };
  if (detected.fact) offer(detected.fact);
  for (const fact of readFormFields(input.fields)) offer(fact);
  for (const fact of readPageTexts(input.pages)) offer(fact);
  const fields = [...chosen.values()];
  const order: FactSource[] = ['form_field', 'text', 'ocr', 'ai'];
  const paths = order.filter((source) => fields.some((fact) => fact.source === source));
  return { form: detected.form, pages: Math.max(pageCount, ...input.fields.map((field) => field.page)), fields, paths };
}
