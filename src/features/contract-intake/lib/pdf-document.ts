/**
 * pdf.js in the browser: the review screen renders the contract's pages
 * and reads their text items (for highlighting a citation) with the same
 * extractPdf the Edge Function uses. pdf.js and its worker are a lazy chunk
 * of their own: nobody downloads them before reading a contract.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { extractPdf, type PdfJs } from '../../../../supabase/functions/_shared/contract-reading/pdf.ts';
import type { ExtractedPdf } from '../../../../supabase/functions/_shared/contract-reading/types.ts';

let loaded: Promise<typeof import('pdfjs-dist')> | null = null;

function loadPdfJs() {
  loaded ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  return loaded;
}

export interface OpenedContract {
  document: PDFDocumentProxy;
  extracted: ExtractedPdf;
}

/** Opens the file for rendering and extracts its fields, page texts (with item boxes) and scanned pages. */
export async function openContractPdf(bytes: Uint8Array): Promise<OpenedContract> {
  const pdfjs = await loadPdfJs();
  const extracted = await extractPdf(pdfjs as unknown as PdfJs, bytes);
  const document = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  return { document, extracted };
}

/** Draws a page into the canvas at `scale` CSS pixels per PDF unit (sharp on high-DPI screens); returns its CSS size. */
export async function renderPage(document: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, scale: number) {
  const page = await document.getPage(pageNumber);
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
  return { width: viewport.width / ratio, height: viewport.height / ratio };
}

/** A box in PDF units from the page's top-left, as text items are. */
export interface PageBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A page's size in PDF units. */
export async function pageSize(document: PDFDocumentProxy, pageNumber: number) {
  const viewport = (await document.getPage(pageNumber)).getViewport({ scale: 1 });
  return { width: viewport.width, height: viewport.height };
}
