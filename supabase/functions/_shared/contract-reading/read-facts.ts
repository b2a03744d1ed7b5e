/**
 * Steps 1–3 of reading a contract, pure: form fields (exact values), the
 * text layer and OCR'd pages. Every reading path offers all it finds, each
 * offer cited; then, per fact, one value offered (however often) becomes a
 * proposal, and different values become a flagged fact (value null) with
 * those values as candidates for the person to pick. A value nobody can
 * point to is never offered.
 */
import { readFormFields } from './form-fields.ts';
import { readPagesWithFields } from './field-layout.ts';
import { withinFormFamily } from './text-reading.ts';
import { normaliseText, sameValue } from './normalise.ts';
import { citationIsVerified } from './verify.ts';
import type { Candidate, FactKey, FactSource, FormField, PageText, ProposedFact, Reading, ReaderEngines } from './types.ts';

/** A flagged fact shows at most this many candidates: more means the reader did not understand the clause. */
const MAX_CANDIDATES = 4;

/**
 * The people a party's name lists, each with a surname: "Walter and June
 * Albrecht" is Walter Albrecht and June Albrecht (a first name alone takes
 * the surname of the person after it).
 */
function peopleOf(value: string): string[] {
  const people = normaliseText(value).replace(/\./g, '').split(/\s*(?:,|\band\b|&)\s*/).filter((part) => part !== '');
  return people.map((person, index) => {
    const next = people.slice(index + 1).find((later) => later.includes(' '));
    return !person.includes(' ') && next ? `${person} ${next.split(' ').pop()}` : person;
  });
}

/**
 * A signature line naming one of the parties ("Seller: Walter Albrecht")
 * is part of the parties' name the contract gives whole elsewhere ("Walter
 * and June Albrecht (Seller)"), not a rival value: only the whole stays.
 */
function withoutParts(key: FactKey, offers: ProposedFact[]): ProposedFact[] {
  if (key !== 'buyer_names' && key !== 'seller_names') return offers;
  const lists = offers.map((offer) => peopleOf(String(offer.value)));
  return offers.filter((_, index) =>
    !lists.some((whole, other) => other !== index && whole.length > lists[index].length && lists[index].every((person) => whole.includes(person))),
  );
}

/** One fact from its offers: the best-cited offer when they agree, else a flagged fact with the distinct values as candidates. */
export function mergeOffers(key: FactKey, offers: ProposedFact[]): ProposedFact | null {
  let distinct: ProposedFact[] = [];
  for (const offer of offers) {
    if (offer.value === null) continue;
    const same = distinct.findIndex((seen) => sameValue(seen.value!, offer.value!));
    if (same < 0) distinct.push(offer);
    else if (offer.confidence > distinct[same].confidence) distinct[same] = offer;
  }
  distinct = withoutParts(key, distinct);
  if (distinct.length === 0) return null;
  if (distinct.length === 1) return distinct[0];
  if (distinct.length > MAX_CANDIDATES) return null;
  const candidates: Candidate[] = distinct.map((offer) => ({ value: offer.value!, source: offer.source, citation: offer.citation! }));
  return { key, value: null, confidence: 0, source: distinct[0].source, citation: null, candidates };
}

export function readFacts(input: { fields: FormField[]; pages: PageText[] }, engines: ReaderEngines): Reading {
  const pageCount = input.pages.reduce((max, page) => Math.max(max, page.page), 0);
  // Fields with a place on a page are read with the words beside them; the others (no box, or a page without text) by their names.
  const read = readPagesWithFields(input.fields, input.pages, engines);
  const unplaced = input.fields.filter((field) => !read.placed.has(field));
  const form = read.form;
  const offers = new Map<FactKey, ProposedFact[]>();
  const offer = (fact: ProposedFact) => {
    if (fact.value === null || !citationIsVerified(input, fact)) return;
    offers.set(fact.key, [...(offers.get(fact.key) ?? []), fact]);
  };
  for (const fact of withinFormFamily(read.family, [...readFormFields(unplaced), ...read.offers])) offer(fact);
  const fields = [...offers.entries()].map(([key, list]) => mergeOffers(key, list)).filter((fact): fact is ProposedFact => fact !== null);
  const order: FactSource[] = ['form_field', 'text', 'ocr', 'ai'];
  const paths = order.filter((source) => fields.some((fact) => fact.source === source));
  return { form, pages: Math.max(pageCount, ...input.fields.map((field) => field.page)), fields, paths };
}
