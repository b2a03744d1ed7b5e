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

/**
 * Where each form field's widget stands, per page then field name: a form
 * field's value is drawn by its widget, not in the page's text, so a
 * citation of a field (its name and value) is highlighted by this box.
 */
export async function fieldBoxesByPage(document: PDFDocumentProxy): Promise<Map<number, Map<string, PageBox>>> {
  const byPage = new Map<number, Map<string, PageBox>>();
  for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
    const page = await document.getPage(pageNumber);
    const [left, , , top] = page.view;
    const boxes = new Map<string, PageBox>();
    for (const annotation of (await page.getAnnotations()) as { subtype?: string; fieldName?: unknown; rect?: number[] }[]) {
      if (annotation.subtype !== 'Widget' || typeof annotation.fieldName !== 'string' || !annotation.rect || boxes.has(annotation.fieldName)) continue;
      const [x1, y1, x2, y2] = annotation.rect;
      boxes.set(annotation.fieldName, { x: Math.min(x1, x2) - left, y: top - Math.max(y1, y2), w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) });
    }
    if (boxes.size > 0) byPage.set(pageNumber, boxes);
  }
  return byPage;
}

/** A page's size in PDF units. */
export async function pageSize(document: PDFDocumentProxy, pageNumber: number) {
  const viewport = (await document.getPage(pageNumber)).getViewport({ scale: 1 });
  return { width: viewport.width, height: viewport.height };
}
