/**
 * What a PDF holds for the reader, through an injected pdf.js (pdfjs-dist;
 * its legacy build in Node and Deno, the regular one in the browser): the
 * AcroForm fields with their values, each page's text with positioned items
 * (for highlighting a citation), and which pages have no text layer and so
 * need OCR. Only the small part of pdf.js used here is typed, structurally,
 * so this file imports nothing but the reader's own types.
 */
import type { ExtractedPdf, FormField, PageText, TextItem } from './types.ts';

interface PdfTextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  hasEOL?: boolean;
}

/** A page's annotation as pdf.js describes it: for a form widget, its field's full name and tooltip (/TU). */
interface PdfAnnotation {
  fieldName?: string;
  alternativeText?: string;
}

interface PdfPage {
  getTextContent(): Promise<{ items: PdfTextItem[] }>;
  getAnnotations?(): Promise<PdfAnnotation[]>;
  getOperatorList(): Promise<{ fnArray: number[] }>;
  getViewport(options: { scale: number }): { width: number; height: number };
}

interface PdfFieldObject {
  value?: unknown;
  exportValues?: unknown;
  type?: string;
  page?: number;
  /** The widget's box [x1, y1, x2, y2] in PDF user space (origin bottom-left). */
  rect?: unknown;
}

export interface PdfDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPage>;
  getFieldObjects(): Promise<Record<string, PdfFieldObject[]> | null>;
  destroy(): Promise<void>;
}

/** The part of pdf.js's module the reader uses. */
export interface PdfJs {
  getDocument(source: { data: Uint8Array } & Record<string, unknown>): { promise: Promise<PdfDocument>; destroy?(): Promise<void> };
  /** pdf.js's operator codes, to tell a scanned page (an image) from a blank one. */
  OPS?: Record<string, number>;
  /** A worker (or, in-process, its stand-in) of one's own, to tear down whatever a document left behind. */
  PDFWorker?: new (params?: { verbosity?: number }) => { destroy(): void };
}

const IMAGE_OPERATORS = ['paintImageXObject', 'paintInlineImageXObject', 'paintImageXObjectRepeat', 'paintImageMaskXObject', 'paintInlineImageXObjectGroup'];

/** Whether a page without text draws an image (a scan worth OCR) rather than nothing; when unsure, yes. */
async function drawsImage(pdfjs: PdfJs, page: PdfPage): Promise<boolean> {
  const codes = IMAGE_OPERATORS.map((name) => pdfjs.OPS?.[name]).filter((code): code is number => code !== undefined);
  if (codes.length === 0) return true;
  const { fnArray } = await page.getOperatorList();
  return fnArray.some((code) => codes.includes(code));
}

/** A page with fewer readable characters than this is treated as a scanned image. */
export const MIN_TEXT_LAYER_CHARS = 40;

/** Items whose baselines differ by less than this share a line (PDF units). */
const SAME_LINE_TOLERANCE = 2;

/** The page's items as lines of text, top to bottom, left to right, with their boxes from the page's top-left. */
export function pageTextFromItems(pageNumber: number, pageHeight: number, raw: PdfTextItem[]): PageText {
  const items: TextItem[] = raw
    .filter((item) => typeof item.str === 'string' && item.str.trim() !== '' && Array.isArray(item.transform))
    .map((item) => {
      const [, , , scaleY, x, baseline] = item.transform as number[];
      const height = item.height || Math.abs(scaleY) || 10;
      return { str: item.str as string, x, y: pageHeight - baseline - height, w: item.width ?? 0, h: height };
    });
  const lines: TextItem[][] = [];
  for (const item of [...items].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const line = lines.find((candidate) => Math.abs(candidate[0].y - item.y) < SAME_LINE_TOLERANCE);
    if (line) line.push(item);
    else lines.push([item]);
  }
  const text = lines
    .map((line) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((item) => item.str)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .join('\n');
  // Items in reading order (the lines' order), so a citation's items can be found by their joined text (highlight.ts).
  return { page: pageNumber, text, source: 'text', items: lines.flat() };
}

function fieldValue(object: PdfFieldObject): string | boolean | null {
  if (object.type === 'checkbox' || object.type === 'radiobutton') {
    return typeof object.value === 'string' ? object.value !== 'Off' && object.value !== '' : Boolean(object.value);
  }
  if (typeof object.value === 'string') return object.value;
  if (Array.isArray(object.value)) return object.value.join(', ');
  return null;
}

/** Awaits one piece of pdf.js work; a bounded reading (untrusted-pdf.ts) races it against its budget. */
export type PdfStep = <T>(work: Promise<T>) => Promise<T>;

const unbounded: PdfStep = (work) => work;

/** The fields, page texts and scanned pages of an opened document (the caller destroys it); throws pdf.js's error for a broken file. */
export async function extractDocument(pdfjs: PdfJs, document: PdfDocument, step: PdfStep = unbounded): Promise<ExtractedPdf> {
  const pageTexts: PageText[] = [];
  const scannedPages: number[] = [];
  const pageObjects = new Map<number, { page: PdfPage; height: number }>();
  for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
    const page = await step(document.getPage(pageNumber));
    const { height } = page.getViewport({ scale: 1 });
    pageObjects.set(pageNumber, { page, height });
    const content = await step(page.getTextContent());
    const pageText = pageTextFromItems(pageNumber, height, content.items);
    if (pageText.text.replace(/\s/g, '').length >= MIN_TEXT_LAYER_CHARS) pageTexts.push(pageText);
    // A blank page (or one with a few words, no image) has nothing for OCR to read: it costs a second a page for nothing.
    else if (await step(drawsImage(pdfjs, page))) scannedPages.push(pageNumber);
    else if (pageText.text.trim() !== '') pageTexts.push(pageText);
  }
  const fields: FormField[] = [];
  for (const [name, objects] of Object.entries((await step(document.getFieldObjects())) ?? {})) {
    for (const object of objects) {
      const value = fieldValue(object);
      if (value === null || value === '' || typeof object.page !== 'number' || object.page < 0) continue;
      const page = pageObjects.get(object.page + 1);
      const rect = page ? widgetBox(object.rect, page.height) : undefined;
      fields.push({ name, page: object.page + 1, value, ...(rect ? { rect } : {}) });
      break;
    }
  }
  await addTooltips(fields, pageObjects, step);
  return { pages: document.numPages, fields, pageTexts, scannedPages };
}

/** A widget's rect as a box from the page's top-left, like TextItem; undefined when pdf.js gives none. */
function widgetBox(rect: unknown, pageHeight: number): FormField['rect'] {
  if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  const [x1, y1, x2, y2] = rect as number[];
  return { x: Math.min(x1, x2), y: pageHeight - Math.max(y1, y2), w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) };
}

/**
 * Each field's tooltip (/TU), often the label a person sees: pdf.js's field
 * objects leave it out, its annotations carry it. Read only on pages that
 * hold a field with a value.
 */
async function addTooltips(fields: FormField[], pageObjects: Map<number, { page: PdfPage }>, step: PdfStep): Promise<void> {
  for (const pageNumber of new Set(fields.map((field) => field.page))) {
    const page = pageObjects.get(pageNumber)?.page;
    if (!page?.getAnnotations) continue;
    const tooltips = new Map<string, string>();
    for (const annotation of await step(page.getAnnotations())) {
      const tooltip = annotation.alternativeText?.trim();
      if (annotation.fieldName && tooltip && !tooltips.has(annotation.fieldName)) tooltips.set(annotation.fieldName, tooltip);
    }
    for (const field of fields) {
      const tooltip = field.page === pageNumber ? tooltips.get(field.name) : undefined;
      if (tooltip) field.tooltip = tooltip;
    }
  }
}

/** The PDF's fields, page texts and scanned pages; throws pdf.js's error for a broken or encrypted file. Unbounded: for files a person chose to open (the browser, the bench); the server reads with readUntrustedPdf (untrusted-pdf.ts). */
export async function extractPdf(pdfjs: PdfJs, bytes: Uint8Array, options: Record<string, unknown> = {}): Promise<ExtractedPdf> {
  // pdf.js takes ownership of (detaches) the buffer it is given; the caller keeps theirs.
  const document = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, ...options }).promise;
  try {
    return await extractDocument(pdfjs, document);
  } finally {
    await document.destroy();
  }
}
