/**
 * OCR'd pages as the reader's PageText: tesseract.js's result (blocks →
 * paragraphs → lines → words) becomes lines of text plus word boxes in PDF
 * units, so a citation on a scanned page can be highlighted like one on a
 * text page. The OCR engine itself is injected by the caller (a Web Worker
 * in the browser, tesseract.js's Node worker in the bench and tests).
 */
import { mendOcrWord } from './ocr-words.ts';
import type { PageText, TextItem } from './types.ts';

interface OcrWord {
  text: string;
  /** 0–100. */
  confidence?: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

interface OcrLine {
  text: string;
  words?: OcrWord[];
}

/** The part of tesseract.js's recognize() data used here (text, and blocks when asked for with { blocks: true }). */
export interface OcrPageData {
  text: string;
  blocks?: { paragraphs?: { lines?: OcrLine[] }[] }[] | null;
}

/** Below this confidence (0–100) a short word without digits is a speck of the scan, not text ("po", "EOE", "i"). */
const SPECK_CONFIDENCE = 30;
const SPECK_MAX_CHARS = 3;

const isSpeck = (word: OcrWord) =>
  (word.confidence ?? 100) < SPECK_CONFIDENCE && word.text.length <= SPECK_MAX_CHARS && !/\d/.test(word.text) && word.text !== '&';

/**
 * The OCR result of one page rendered at `scale` × 72 dpi, as a PageText
 * with word boxes in PDF units and each word's confidence. Specks the engine
 * itself doubts are left out of the text, so "Lender: po :" reads "Lender:"
 * and nothing is proposed from a blank; misread vocabulary is mended.
 */
export function pageTextFromOcr(page: number, data: OcrPageData, scale: number): PageText {
  const lines: OcrLine[] = (data.blocks ?? []).flatMap((block) => (block.paragraphs ?? []).flatMap((paragraph) => paragraph.lines ?? []));
  if (lines.length === 0) return { page, text: data.text, source: 'ocr', items: [] };
  const items: TextItem[] = [];
  const texts: string[] = [];
  for (const line of lines) {
    const words = (line.words ?? []).filter((word) => !isSpeck(word));
    // OCR's misreads of the contracts' vocabulary are mended (ocr-words.ts) in the text and the word boxes alike, so citations quote and highlight the mended words.
    const mended = words.map((word, index) => mendOcrWord(word.text, words[index - 1]?.text));
    texts.push(mended.join(' '));
    words.forEach((word, index) => {
      items.push({
        str: mended[index],
        x: word.bbox.x0 / scale,
        y: word.bbox.y0 / scale,
        w: (word.bbox.x1 - word.bbox.x0) / scale,
        h: (word.bbox.y1 - word.bbox.y0) / scale,
        confidence: (word.confidence ?? 100) / 100,
      });
    });
  }
  return { page, text: texts.join('\n'), source: 'ocr', items };
}
