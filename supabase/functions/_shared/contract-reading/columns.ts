/**
 * Two-column pages whose columns are aligned by position only (no "|"
 * between them): a PDF's text layer joins each row of the two columns into
 * one line ("… Amara Holloway and (1) Loan …… 21 Days"). The items' boxes
 * show the gutter: a band no item crosses, with prose on both sides, over
 * several rows in a row. Each such row is split there, so the clause reader
 * can read the left column, then the right, as it does for "|" columns.
 * Label/value sheets ("Buyer(s):  Ravi …") are not columns: both sides of a
 * column hold several words a row.
 */
import type { PageText, TextItem } from './types.ts';

/** Items whose tops differ by less than this share a line (pdf.ts's tolerance). */
const SAME_LINE = 2;
/** Rows in a row that a column block needs, and how many of them hold text on both sides. */
const MIN_ROWS = 6;
const MIN_SPLIT_ROWS = 4;
/** Each side of a column holds words, not a lone value: on average at least this many a row (a summary's headed boxes hold a heading, then a street or a name). */
const MIN_WORDS_PER_SIDE = 2;
/** A gutter is wider than the space between words (a river of single spaces down a paragraph is no gutter): PDF units, about two Courier characters at 10 pt. */
const MIN_GUTTER = 12;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The page's items as its text lines, or null when they do not rebuild the text exactly. */
function itemLines(page: PageText): TextItem[][] | null {
  const lines: TextItem[][] = [];
  for (const item of page.items ?? []) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line[0].y - item.y) < SAME_LINE) line.push(item);
    else lines.push([item]);
  }
  const texts = page.text.split('\n');
  if (lines.length !== texts.length) return null;
  return lines.every((line, index) => collapse(line.map((item) => item.str).join(' ')) === texts[index]) ? lines : null;
}

/** Where in a line's text each of its items starts. */
function itemOffsets(line: TextItem[]): number[] {
  return line.map((_, index) => (index === 0 ? 0 : collapse(line.slice(0, index).map((item) => item.str).join(' ')).length + 1));
}

interface Block {
  first: number;
  last: number;
  gutter: number;
}

/** The longest run of lines no item crosses at x, with enough rows holding prose on both sides. */
function blockAt(lines: TextItem[][], x: number): Block | null {
  let best: Block | null = null;
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    const rows = lines.slice(start, end);
    const split = rows.filter((row) => row.some((item) => item.x + item.w <= x) && row.some((item) => item.x >= x));
    const words = (side: (item: TextItem) => boolean) =>
      split.reduce((sum, row) => sum + collapse(row.filter(side).map((item) => item.str).join(' ')).split(' ').length, 0) / Math.max(1, split.length);
    // A label's colon or dot leader before the gap makes a row "label  value", not two columns.
    const labelled = split.filter((row) => /(?::|\.{3,})\s*$/.test(collapse(row.filter((item) => item.x + item.w <= x).map((item) => item.str).join(' ')))).length;
    const prose =
      words((item) => item.x + item.w <= x) >= MIN_WORDS_PER_SIDE && words((item) => item.x >= x) >= MIN_WORDS_PER_SIDE && labelled * 5 < split.length;
    if (rows.length >= MIN_ROWS && split.length >= MIN_SPLIT_ROWS && prose && (!best || rows.length > best.last - best.first + 1)) {
      best = { first: start, last: end - 1, gutter: x };
    }
    start = -1;
  };
  lines.forEach((line, index) => {
    const leftEnd = Math.max(-Infinity, ...line.filter((item) => item.x < x).map((item) => item.x + item.w));
    const rightStart = Math.min(Infinity, ...line.filter((item) => item.x >= x).map((item) => item.x));
    const crossed = leftEnd > x || rightStart - leftEnd < MIN_GUTTER || line.some((item) => item.str.includes('|'));
    if (crossed) close(index);
    else if (start < 0) start = index;
  });
  close(lines.length);
  return best;
}

/**
 * For a page laid out in two position-aligned columns: per line of a column
 * block, the offset in the line's text where the right column starts (0:
 * the line is all right column; its length: all left). Empty otherwise.
 */
/** At most this many gutter positions are tried per page (a 612-unit page needs about 120 at 2 units apart). */
const GUTTER_STEPS = 200;

export function columnSplits(page: PageText): Map<number, number> {
  const splits = new Map<number, number>();
  const lines = itemLines(page);
  if (!lines || lines.length < MIN_ROWS) return splits;
  const left = Math.min(...lines.flat().map((item) => item.x));
  const right = Math.max(...lines.flat().map((item) => item.x + item.w));
  if (!Number.isFinite(right - left)) return splits;
  let best: Block | null = null;
  // Every 2 units on a page, but never more than GUTTER_STEPS tries: a damaged PDF's item may claim to be 10^11 units wide.
  const step = Math.max(2, ((right - left) * 0.4) / GUTTER_STEPS);
  for (let x = left + (right - left) * 0.3; x <= left + (right - left) * 0.7; x += step) {
    const block = blockAt(lines, x);
    if (block && (!best || block.last - block.first > best.last - best.first)) best = block;
  }
  if (!best) return splits;
  const texts = page.text.split('\n');
  for (let index = best.first; index <= best.last; index++) {
    const line = lines[index];
    const offsets = itemOffsets(line);
    const firstRight = line.findIndex((item) => item.x >= best.gutter);
    splits.set(index, firstRight < 0 ? texts[index].length : offsets[firstRight]);
  }
  return splits;
}
