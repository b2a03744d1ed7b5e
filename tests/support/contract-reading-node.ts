/**
 * The contract reader's engines in Node, for the bench, the fixture
 * generator and tests: pdf.js's legacy build (Node has no DOM) with
 * @napi-rs/canvas for rendering pages, and tesseract.js with its English
 * data read from node_modules (@tesseract.js-data/eng) — nothing is
 * downloaded and no cache file is written.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createCanvas } from '@napi-rs/canvas';
import * as chrono from 'chrono-node';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { extractPdf, type PdfJs } from '../../supabase/functions/_shared/contract-reading/pdf.ts';
import { pageTextFromOcr } from '../../supabase/functions/_shared/contract-reading/ocr.ts';
import { readFacts } from '../../supabase/functions/_shared/contract-reading/read-facts.ts';
import type { ExtractedPdf, PageText, Reading, ReaderEngines } from '../../supabase/functions/_shared/contract-reading/types.ts';

const require = createRequire(import.meta.url);

/** The reader's injected engines in Node: chrono-node from node_modules. */
export const nodeReaderEngines: ReaderEngines = { chrono };

/** pdf.js's legacy build typed as the reader's injected engine. */
export const nodePdfJs = pdfjs as unknown as PdfJs;

/** Fonts pdf.js needs to render the standard 14 fonts when a PDF does not embed them. */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export const PDF_OPTIONS = { standardFontDataUrl: STANDARD_FONTS, verbosity: 0 };

/** Scale at which scanned pages are rendered for OCR: 72 dpi × 3 ≈ 216 dpi, where tesseract reads 10 pt text well. */
export const OCR_RENDER_SCALE = 3;

/** The given pages rendered to PNG at `scale`. */
export async function renderPages(bytes: Uint8Array, pageNumbers: number[], scale: number): Promise<Buffer[]> {
  const document = await pdfjs.getDocument({ data: bytes.slice(), ...PDF_OPTIONS, isEvalSupported: false }).promise;
  try {
    const images: Buffer[] = [];
    for (const pageNumber of pageNumbers) {
      const page = await document.getPage(pageNumber);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
      images.push(canvas.toBuffer('image/png'));
    }
    return images;
  } finally {
    await document.destroy();
  }
}

/** A tesseract worker reading English from node_modules, caching nothing. */
export async function createNodeOcr(): Promise<Worker> {
  const lang = require('@tesseract.js-data/eng') as { langPath: string };
  return createWorker('eng', OEM.LSTM_ONLY, {
    langPath: path.join(path.dirname(lang.langPath), '4.0.0_best_int'),
    cacheMethod: 'none',
    gzip: true,
  });
}

/** OCR'd text of the scanned pages. */
export async function ocrPages(ocr: Worker, bytes: Uint8Array, pageNumbers: number[]): Promise<PageText[]> {
  const images = await renderPages(bytes, pageNumbers, OCR_RENDER_SCALE);
  const pages: PageText[] = [];
  for (const [index, image] of images.entries()) {
    const { data } = await ocr.recognize(image, {}, { blocks: true });
    pages.push(pageTextFromOcr(pageNumbers[index], data, OCR_RENDER_SCALE));
  }
  return pages;
}

export interface NodeReading {
  extracted: ExtractedPdf;
  pages: PageText[];
  reading: Reading;
}

/** Steps 1–3 on a PDF in Node: fields, text layer, OCR of the pages without one (when an OCR worker is given). */
export async function readContractPdf(bytes: Uint8Array, ocr: Worker | null): Promise<NodeReading> {
  const extracted = await extractPdf(nodePdfJs, bytes, PDF_OPTIONS);
  const ocrTexts = ocr && extracted.scannedPages.length > 0 ? await ocrPages(ocr, bytes, extracted.scannedPages) : [];
  const pages = [...extracted.pageTexts, ...ocrTexts].sort((a, b) => a.page - b.page);
  const reading = readFacts({ fields: extracted.fields, pages }, nodeReaderEngines);
  return { extracted, pages, reading: { ...reading, pages: extracted.pages } };
}

/**
 * pdf.js as the contract-intake function runs it: the legacy build with its
 * worker module loaded into this process (`globalThis.pdfjsWorker`), so
 * pdf.js parses on this thread without importing the worker per document.
 */
export async function inProcessPdfJs(): Promise<PdfJs> {
  const worker = 'pdfjs-dist/legacy/build/pdf.worker.mjs'; // a module without types: imported by name
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(/* @vite-ignore */ worker);
  return nodePdfJs;
}
