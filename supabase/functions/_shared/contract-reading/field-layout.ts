/**
 * A fillable page as a person reads it: each field's value put back into
 * its line, beside the label printed left of it ("Escrow Holder: [Old
 * Republic Title Company]", "Text12" after "Option Period:"), ticked boxes
 * as "[X]". The clause reader then decides what each field means from the
 * same words it reads in a text contract, and every offer whose value
 * stands in a field is that field's, cited by its name, page and value.
 */
import { quoteRange } from './clauses.ts';
import { clauseOffers, textProposal, type ClauseOffer } from './text-reading.ts';
import { fieldCitationText } from './verify.ts';
import type { ContractForm, FormField, PageText, ProposedFact, ReaderEngines, TextItem } from './types.ts';

/**
 * A field's value read through its label: typed by a person, so exact, but
 * which fact it is comes from the words around it, which can mislead.
 */
const LABELLED_FIELD_CONFIDENCE = 0.9;

interface FieldSpan {
  field: FormField;
  from: number;
  to: number;
}

interface Piece {
  x: number;
  y: number;
  /** Width and height in PDF units (a field's: as wide as its value's characters, within its box). */
  w: number;
  h: number;
  text: string;
  field?: FormField;
}

/** A field value's width: about half its box's height a character (10 pt text in a 12-unit box), never past the box. */
const fieldValueWidth = (field: FormField, text: string) => Math.min(field.rect!.w, text.length * field.rect!.h * 0.5);

/** How far apart (PDF units) two runs' middles may be and still sit on one line. */
const SAME_LINE = 5;

/** One page's text with its fields' values in place, and where each value stands in that text. */
function pageWithFields(page: PageText, fields: FormField[]): { page: PageText; spans: FieldSpan[] } {
  const pieces: Piece[] = (page.items ?? []).map((item) => ({ x: item.x, y: item.y + item.h / 2, w: item.w, h: item.h, text: item.str }));
  for (const field of fields) {
    const text = typeof field.value === 'boolean' ? (field.value ? '[X]' : '[ ]') : field.value.replace(/\s+/g, ' ').trim();
    if (text !== '') pieces.push({ x: field.rect!.x, y: field.rect!.y + field.rect!.h / 2, w: fieldValueWidth(field, text), h: field.rect!.h, text, field });
  }
  const lines: Piece[][] = [];
  for (const piece of [...pieces].sort((a, b) => a.y - b.y)) {
    const line = lines.find((candidate) => Math.abs(candidate[0].y - piece.y) <= SAME_LINE);
    if (line) line.push(piece);
    else lines.push([piece]);
  }
  let text = '';
  const spans: FieldSpan[] = [];
  // The rebuilt lines' items, each line's at one height, so the column reader (columns.ts) sees the values beside the printed words.
  const items: TextItem[] = [];
  for (const line of lines) {
    if (text !== '') text += '\n';
    const top = line[0].y - line[0].h / 2;
    line.sort((a, b) => a.x - b.x).forEach((piece, index) => {
      if (index > 0) text += ' ';
      if (piece.field) spans.push({ field: piece.field, from: text.length, to: text.length + piece.text.length });
      text += piece.text;
      items.push({ str: piece.text, x: piece.x, y: top, w: piece.w, h: piece.h });
    });
  }
  return { page: { ...page, text, items }, spans };
}

/** Where a place in a clause offer's clause stands on its page. */
function pageOffset(offer: ClauseOffer, at: number): number {
  const piece = offer.clause.pieces.find((candidate) => candidate.at + (candidate.to - candidate.from) > at) ?? offer.clause.pieces[0];
  return piece.from + Math.max(0, at - piece.at);
}

/** The fields an offer's value stands in (a value may run on from a field into printed words: "$ [425,000.00]"). */
function fieldOf(offer: ClauseOffer, spans: FieldSpan[] | undefined): FormField | null {
  const from = pageOffset(offer, offer.start);
  const to = pageOffset(offer, Math.max(offer.start, offer.end - 1)) + 1;
  return spans?.find((span) => span.from < to && span.to > from)?.field ?? null;
}

/**
 * A value in the printed words of a page with fields: cited by the words
 * around it up to the nearest field on either side, which is what the
 * page's own text layer holds.
 */
function printedProposal(offer: ClauseOffer, spans: FieldSpan[]): ProposedFact {
  const proposal = textProposal(offer);
  let { from, to } = quoteRange(offer.clause, offer.start);
  const valueFrom = pageOffset(offer, offer.start);
  const valueTo = pageOffset(offer, Math.max(offer.start, offer.end - 1)) + 1;
  for (const span of spans) {
    if (span.to <= valueFrom && span.to > from) from = span.to;
    if (span.from >= valueTo && span.from < to) to = span.from;
  }
  const text = offer.clause.page.text.slice(from, to).replace(/\s+/g, ' ').trim();
  return { ...proposal, citation: { page: offer.clause.page.page, text } };
}

/**
 * The pages read clause by clause, those with fillable fields as a person
 * sees them (each field's value beside its label): an offer whose value
 * stands in a field is that field's, cited by its name and value; the others
 * are the printed words' (their quotes are checked against the page as the
 * PDF prints it, so a quote that holds a field's value is not offered as
 * text). Fields without a box, or on pages without text, are not placed.
 */
export function readPagesWithFields(
  fields: FormField[],
  pages: PageText[],
  engines: ReaderEngines,
): { form: ContractForm; family: ContractForm; offers: ProposedFact[]; placed: Set<FormField> } {
  const placed = new Set<FormField>();
  const spansByPage = new Map<number, FieldSpan[]>();
  const read = pages.map((page) => {
    const onPage = fields.filter((field) => field.page === page.page && field.rect && page.items?.length);
    if (onPage.length === 0) return page;
    const { page: withValues, spans } = pageWithFields(page, onPage);
    onPage.forEach((field) => placed.add(field));
    spansByPage.set(page.page, spans);
    return withValues;
  });
  const { form, family, offers } = clauseOffers(read, engines);
  const proposals = offers.map((offer): ProposedFact => {
    const spans = spansByPage.get(offer.clause.page.page);
    const field = fieldOf(offer, spans);
    if (!field) return spans ? printedProposal(offer, spans) : textProposal(offer);
    return {
      key: offer.key,
      value: offer.value,
      confidence: Math.min(offer.confidence ?? 1, LABELLED_FIELD_CONFIDENCE),
      source: 'form_field',
      citation: { page: field.page, text: fieldCitationText(field), field: field.name },
    };
  });
  return { form, family, offers: proposals, placed };
}
