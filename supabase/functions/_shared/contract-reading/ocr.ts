/**
 * OCR'd pages as the reader's PageText: tesseract.js's result (blocks →
 * paragraphs → lines → words) becomes lines of text plus word boxes in PDF
 * units, so a citation on a scanned page can be highlighted like one on a
 * text page. The OCR engine itself is injected by the caller (a Web Worker
 * in the browser, tesseract.js's Node worker in the bench and tests).
 */
import type { PageText, TextItem } from './types.ts';

interface OcrWord {
  text: string;
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

/** The OCR result of one page rendered at `scale` × 72 dpi, as a PageText with word boxes in PDF units. */
export function pageTextFromOcr(page: number, data: OcrPageData, scale: number): PageText {
  const lines: OcrLine[] = (data.blocks ?? []).flatMap((block) => (block.paragraphs ?? []).flatMap((paragraph) => paragraph.lines ?? []));
  const items: TextItem[] = lines.flatMap((line) =>
    (line.words ?? []).map((word) => ({
      str: word.text,
      x: word.bbox.x0 / scale,
      y: word.bbox.y0 / scale,
      w: (word.bbox.x1 - word.bbox.x0) / scale,
      h: (word.bbox.y1 - word.bbox.y0) / scale,
    })),
  );
  const text = lines.length > 0 ? lines.map((line) => line.text.replace(/\s+/g, ' ').trim()).join('\n') : data.text;
  return { page, text, source: 'ocr', items };
}
