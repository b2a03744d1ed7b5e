/**
 * A page's text cut into clauses, the units the reader decides facts in:
 * the form's numbered paragraphs, table rows, "Label: value" cells (a line
 * holding "Buyer: X Seller: Y" is two cells), then sentences and the parts
 * of a sentence split by ";". Two-column layouts ("left | right" lines) are
 * read column by column. Each clause remembers where its words stand on the
 * page, so a citation quotes text that is really there.
 */
import { columnSplits } from './columns.ts';
import type { PageText } from './types.ts';

/** A run of clause text that stands contiguously on the page. */
interface Piece {
  /** Offset in the clause's text. */
  at: number;
  /** Offsets in the page's text. */
  from: number;
  to: number;
}

export interface Clause {
  page: PageText;
  text: string;
  /** The paragraph's short heading ("PRICE", "Escrow"), which says what a terse clause is about. */
  heading: string;
  pieces: Piece[];
}

/** A line that starts a new paragraph (after a speck OCR may put first): item numbers and letters, checkboxes, table borders, all-caps headings and lead words ("EXECUTED", "WHEREAS,"), "Label:" lines and "Label ...... value" lines. */
const PARAGRAPH_START = /^\s*(?:[^\p{L}\p{N}\s([|+=-]{1,3}\s*)?(?:\d{1,2}\.\s|\(?[A-Za-z0-9]{1,3}\)\s|[A-Z]\.\s|[A-Z]\(\d\)\s|\[[ xX]\]|\||\+|-\s|-{3,}|={3,}|(?:SECTION|ARTICLE|SCHEDULE|EXHIBIT)\b|[A-Z][A-Z'/ ]{3,}[:.]|\p{Lu}[^:.;,\n]{0,45}:(?:\s|$)|[A-Z][a-z]+\.\s+\S|[A-Z][A-Z &'/-]{6,}\s*$|[A-Z]{4,},?\s|\p{Lu}[^.:|\n]{0,40}?\s?\.{4,}\s)/u;

/**
 * Nouns that need the word before them to make a label ("Title Company:",
 * "Buyer's agent:"); any other word before a colon is a label by itself
 * ("… Ortega Seller:" is the label "Seller:" after the name "… Ortega").
 */
const LABEL_HEADS = /^(?:agent|associate|company|holder|price|fee|period|money|deposit|names?|address|officer|broker|firm)$/i;

/** Where labels inside a line start ("Buyer: X Seller: Y" → the offset of "Seller"). */
function midLineLabels(line: string): number[] {
  const starts: number[] = [];
  for (const colon of line.matchAll(/:(?=\s)/g)) {
    const words = [...line.slice(0, colon.index).matchAll(/\S+/g)];
    let first = words.length - 1;
    if (first < 1 || !/^[\p{Lu}a-z][\p{L}'’()/]*$/u.test(words[first][0])) continue;
    while (first > 0 && (LABEL_HEADS.test(words[first][0]) || /^[a-z]/.test(words[first][0])) && /^\p{Lu}[\p{L}'’]*$/u.test(words[first - 1][0])) first--;
    if (!/^\p{Lu}/u.test(words[first][0])) continue;
    starts.push(words[first].index);
  }
  return starts;
}

/**
 * The lines of two-column blocks: at least four lines in a row holding
 * exactly one "|" (a table row has a border on each side). The separator's
 * place may differ from line to line, since a PDF's text layer closes up the
 * spaces that aligned it.
 */
function twoColumnLines(lines: string[]): Set<number> {
  const inBlock = new Set<number>();
  let run: number[] = [];
  const close = () => {
    if (run.length >= 4) run.forEach((index) => inBlock.add(index));
    run = [];
  };
  lines.forEach((line, index) => {
    if (line.split('|').length === 2 && !/^\s*\+/.test(line)) run.push(index);
    else close();
  });
  close();
  return inBlock;
}

/** A label in a "label | value" table's left cell: a word or three ("Buyer", "Seller discl.", "COE"), or nothing on a wrapped value's line. */
const SHORT_LABEL = 16;

/**
 * The "|" blocks that are label/value tables rather than two columns of
 * prose: nearly every left cell a short label. Those are read row by row (a
 * label with its value, a wrapped value's line with the row above), never
 * column by column, where every value would be parted from its label.
 */
function labelValueLines(lines: string[], columnLines: Set<number>): Set<number> {
  const rows = new Set<number>();
  const sorted = [...columnLines].sort((a, b) => a - b);
  let block: number[] = [];
  const close = () => {
    const short = block.filter((index) => lines[index].slice(0, lines[index].indexOf('|')).trim().length <= SHORT_LABEL).length;
    if (block.length > 0 && short * 5 >= block.length * 4) block.forEach((index) => rows.add(index));
    block = [];
  };
  for (const index of sorted) {
    if (block.length > 0 && block[block.length - 1] !== index - 1) close();
    block.push(index);
  }
  close();
  return rows;
}

/** A table's row or border: it starts with one, or has cells on both sides ("‘| Investigation | 14 Days |" as OCR reads it). */
const isTableRow = (line: string) => /^\s*[|+]/.test(line) || line.split('|').length > 2;

/** A line cut into cells at labels within it. */
function cells(line: string, from: number): { from: number; to: number }[] {
  const trimmedStart = line.length - line.trimStart().length;
  if (isTableRow(line)) return [{ from: from + trimmedStart, to: from + line.trimEnd().length }];
  const starts = [trimmedStart];
  for (const at of midLineLabels(line)) {
    // Only a cell that already holds "label: value" ends at the next label ("Purchase Price:" is one label).
    if (/:\s*\S/.test(line.slice(starts[starts.length - 1], at))) starts.push(at);
  }
  return starts
    .map((start, i) => ({ from: from + start, to: from + (i + 1 < starts.length ? starts[i + 1] : line.trimEnd().length) }))
    .map((cell) => ({ from: cell.from, to: cell.from + line.slice(cell.from - from, cell.to - from).trimEnd().length }))
    .filter((cell) => cell.to > cell.from);
}

type Run = { from: number; to: number; newParagraph: boolean; blank: boolean };

/**
 * "… and Beatrice" / "L. Mercer (Buyer) agree …": a line opening with an
 * initial and a surname, after a prose line that stops on a name without
 * punctuation, is the rest of that name, not an item lettered "L.".
 */
function continuesNameAtInitial(previous: string, line: string): boolean {
  if (!/^\s*\p{Lu}\.\s+\p{Lu}[\p{L}'’-]+(?:,|\s+\(|\s+and\b|\s*$)/u.test(line)) return false;
  return /(?:\s\p{Lu}\p{L}+|\s(?:and|AND))\s*$/u.test(previous) && (previous.match(/\b\p{Ll}+\b/gu) ?? []).length >= 3;
}

/**
 * "… (\"Vendor\"), and RIDGEBACK CAPITAL" / "PARTNERS LLC, a California …":
 * a line opening with words in capitals, after a prose line that stops on
 * words in capitals without punctuation, is the rest of that party's name,
 * not a heading or a lead word ("WHEREAS,").
 */
function continuesNameInCapitals(previous: string, line: string): boolean {
  if (!/^\s*\p{Lu}{2,}[\p{Lu}'’.&-]*(?:\s+\p{Lu}{2,}[\p{Lu}'’.&-]*)*(?:,|\s+\(|\s+and\b|\s*$)/u.test(line)) return false;
  return /\s(?:\p{Lu}{2,}[\p{Lu}'’.&-]*\s+){0,3}\p{Lu}{2,}[\p{Lu}'’.&-]*\s*$/u.test(previous) && (previous.match(/\b\p{Ll}+\b/gu) ?? []).length >= 3;
}

/** The page's lines as runs in reading order: a two-column block left column first. */
function runsOf(page: PageText): Run[] {
  const text = page.text;
  const lines: { text: string; from: number }[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    lines.push({ text: line, from: offset });
    offset += line.length + 1;
  }
  const columnLines = twoColumnLines(lines.map((line) => line.text));
  const labelRows = labelValueLines(lines.map((line) => line.text), columnLines);
  // Columns aligned by position alone, read from the items' boxes, where no "|" separates them.
  const positional = columnLines.size === 0 ? columnSplits(page) : new Map<number, number>();
  const left: Run[] = [];
  const right: Run[] = [];
  const out: Run[] = [];
  const flushColumns = () => {
    out.push(...left, { from: 0, to: 0, newParagraph: true, blank: true }, ...right, { from: 0, to: 0, newParagraph: true, blank: true });
    left.length = 0;
    right.length = 0;
  };
  const previousLine = new Map<Run[], string>();
  const push = (target: Run[], lineText: string, from: number) => {
    const previous = previousLine.get(target) ?? '';
    previousLine.set(target, lineText);
    if (lineText.trim() === '' || /^[\s|_-]*$/.test(lineText)) {
      target.push({ from, to: from, newParagraph: true, blank: true });
      return;
    }
    const parts = cells(lineText, from);
    const starts = (PARAGRAPH_START.test(lineText) && !continuesNameAtInitial(previous, lineText) && !continuesNameInCapitals(previous, lineText)) || isTableRow(lineText);
    parts.forEach((cell, i) => target.push({ ...cell, newParagraph: i > 0 || starts, blank: false }));
  };
  for (const [index, line] of lines.entries()) {
    if (labelRows.has(index)) {
      if (left.length || right.length) flushColumns();
      const separator = line.text.indexOf('|');
      // A row's label starts it; a line with no label is the rest of the value above it.
      if (line.text.slice(0, separator).trim() !== '') out.push({ from: line.from + line.text.length - line.text.trimStart().length, to: line.from + line.text.trimEnd().length, newParagraph: true, blank: false });
      else if (line.text.slice(separator + 1).trim() !== '') out.push({ from: line.from + separator + 1 + (line.text.slice(separator + 1).length - line.text.slice(separator + 1).trimStart().length), to: line.from + line.text.trimEnd().length, newParagraph: false, blank: false });
      continue;
    }
    if (columnLines.has(index)) {
      const separator = line.text.indexOf('|');
      push(left, line.text.slice(0, separator), line.from);
      push(right, line.text.slice(separator + 1), line.from + separator + 1);
      continue;
    }
    const split = positional.get(index);
    if (split !== undefined) {
      push(left, line.text.slice(0, split), line.from);
      push(right, line.text.slice(split), line.from + split);
      continue;
    }
    if (left.length || right.length) flushColumns();
    push(out, line.text, line.from);
  }
  if (left.length || right.length) flushColumns();
  return out;
}

/** No sentence ends after these (initials, item letters, "Inc.", "N.A.", "St."). */
const NO_BREAK_AFTER = /(?:^|[\s(])(?:[A-Za-z0-9]{1,2}|Inc|Co|Corp|Ltd|No|St|Dr|Ln|Ave|Blvd|Mr|Mrs|Ms|Jr|Sr|N\.A|L\.P|L\.L\.C|U\.S|p\.m|a\.m|Rd|Ct|Mt|Ft|approx|i\.e|e\.g|vs|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.$/;

function sentenceBreaks(text: string): number[] {
  const breaks: number[] = [];
  const boundary = /([.;])\s+(?=["“([]?[\p{Lu}\d]|-\s)|;\s+/gu;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + 1;
    // "Sierra Valley Escrow; Inc.": OCR's semicolon for the comma before an entity's suffix ends nothing.
    if (/^\s*(?:Inc|LLC|L\.?P|N\.A|Ltd|Corp)\b/.test(text.slice(end))) continue;
    // A speck after a label ("Title / Escrow: . Pacific …") ends no sentence.
    if (match[1] === '.' && /:\s*\.$/.test(text.slice(Math.max(0, end - 4), end))) continue;
    // Dot leaders ("Sales Price ........ $ 425,000") join a label to its value.
    if (match[1] === '.' && text[end - 2] === '.' && text[end - 3] === '.') continue;
    if (match[1] === '.' && NO_BREAK_AFTER.test(text.slice(Math.max(0, end - 12), end))) continue;
    breaks.push(end);
  }
  return breaks;
}

/** A short first sentence ("3. PRICE.", "Escrow.", "SECTION 4. OPTION TO TERMINATE.") is the paragraph's heading. */
function headingOf(sentence: string): string {
  const words = sentence
    .replace(/^\s*(?:(?:SECTION|ARTICLE)\s+)?(?:\d{1,2}|[A-Z]|\(?[a-z0-9]{1,3}\))[.)]?\s+/, '')
    .replace(/[.:]\s*$/, '')
    .trim();
  return words.split(/\s+/).length <= 4 && /^[\p{L}/' ]+$/u.test(words) ? words : '';
}

/** A paragraph that opens by saying its terms are the superseded ones, quoted for reference. */
const FOR_REFERENCE_ONLY = /\b(?:as\s+originally\s+(?:accepted|agreed|written|signed)|for\s+reference\s+only|original\s+terms\s+(?:were|of))\b/i;

/** The page's clauses, in reading order (a paragraph of superseded terms quoted for reference is left out). */
export function splitClauses(page: PageText): Clause[] {
  const clauses: Clause[] = [];
  let paragraph: Piece[] = [];
  let text = '';
  const flush = () => {
    if (text.trim() === '') {
      paragraph = [];
      text = '';
      return;
    }
    // "Terms of the Agreement as originally accepted (for reference only): …": replaced terms, not the deal's.
    if (FOR_REFERENCE_ONLY.test(text.slice(0, 160))) {
      paragraph = [];
      text = '';
      return;
    }
    let start = 0;
    let heading = '';
    const bounds = [...sentenceBreaks(text), text.length];
    bounds.forEach((end, index) => {
      const raw = text.slice(start, end);
      const lead = raw.length - raw.trimStart().length;
      const from = start + lead;
      const to = start + raw.trimEnd().length;
      start = end;
      if (to <= from) return;
      const sentence = text.slice(from, to);
      if (index === 0 && bounds.length > 1) heading = headingOf(sentence);
      const pieces = paragraph
        .filter((piece) => piece.at < to && piece.at + (piece.to - piece.from) > from)
        .map((piece) => {
          const cutStart = Math.max(0, from - piece.at);
          const cutEnd = Math.min(piece.to - piece.from, to - piece.at);
          return { at: piece.at + cutStart - from, from: piece.from + cutStart, to: piece.from + cutEnd };
        });
      clauses.push({ page, text: sentence, heading: index === 0 ? '' : heading, pieces });
    });
    paragraph = [];
    text = '';
  };
  let afterBlank = false;
  for (const run of runsOf(page)) {
    if (run.blank) {
      afterBlank = true;
      continue;
    }
    // No paragraph starts in lower case: "dated December 21, 2004." after a gap still belongs to the name above it.
    const continues = afterBlank && !run.newParagraph && /^\s*\p{Ll}/u.test(page.text.slice(run.from, run.to));
    if ((afterBlank && !continues) || run.newParagraph) flush();
    afterBlank = false;
    if (text !== '') text += ' ';
    paragraph.push({ at: text.length, from: run.from, to: run.to });
    text += page.text.slice(run.from, run.to);
  }
  flush();
  return clauses;
}

/**
 * The page range to cite for a value at [start, end) of a clause: the
 * clause's pieces that stand together on the page around the value (a
 * value wrapped inside one column of a two-column layout is cited by its
 * first line).
 */
export function quoteRange(clause: Clause, start: number): { from: number; to: number } {
  const pieces = clause.pieces;
  let first = pieces.findIndex((piece) => piece.at + (piece.to - piece.from) > start);
  if (first < 0) first = pieces.length - 1;
  const gapIsBlank = (a: Piece, b: Piece) => b.from >= a.to && clause.page.text.slice(a.to, b.from).trim() === '';
  let from = first;
  while (from > 0 && gapIsBlank(pieces[from - 1], pieces[from])) from--;
  let to = first;
  while (to + 1 < pieces.length && gapIsBlank(pieces[to], pieces[to + 1])) to++;
  return { from: pieces[from].from, to: pieces[to].to };
}

/** The text to cite for a value starting at `start` of a clause, as it stands on the page. */
export function quoteOf(clause: Clause, start: number): string {
  const { from, to } = quoteRange(clause, start);
  return clause.page.text.slice(from, to).replace(/\s+/g, ' ').trim();
}

/** Where the line holding a place of the clause ends (the clause's own text offset). */
export function pieceEnd(clause: Clause, at: number): number {
  const piece = clause.pieces.find((candidate) => candidate.at + (candidate.to - candidate.from) >= at);
  return piece ? piece.at + (piece.to - piece.from) : clause.text.length;
}

/**
 * Where a "Label: value" line's value ends in the clause: at the end of its
 * line, or of the next one when the line stops on a blank or mid-name
 * ("Seller: Jorge Ramirez and" / "Kevin Ramirez.").
 */
export function lineEnd(clause: Clause, start: number): number {
  let index = clause.pieces.findIndex((piece) => piece.at + (piece.to - piece.from) > start);
  if (index < 0) return clause.text.length;
  let end = clause.pieces[index].at + (clause.pieces[index].to - clause.pieces[index].from);
  // A word broken by a hyphen at the line's end ("Imbriale-" / "Dunn") goes on too.
  while (index + 1 < clause.pieces.length && /^\s*_+[\s_]*$|(?:\band|,|&|\bof|\bthe|\p{L}-)\s*$/u.test(clause.text.slice(start, end))) {
    index++;
    end = clause.pieces[index].at + (clause.pieces[index].to - clause.pieces[index].from);
  }
  return end;
}
