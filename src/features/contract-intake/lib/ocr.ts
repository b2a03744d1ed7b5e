/**
 * OCR of scanned pages in the browser: each page is rendered with pdf.js and
 * read by the shared OCR (src/lib/contract-reading/ocr.ts: tesseract.js in a
 * Web Worker of its own, engine and English model served as the app's own
 * assets, nothing fetched from a CDN), loaded only when a PDF has scanned
 * pages. Why in the browser: OCR costs seconds of CPU per page, far past
 * hosted Edge Functions' 2 s per request; the server re-checks every
 * citation against the text it is sent (contract-intake/index.ts).
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PageText } from '../../../../supabase/functions/_shared/contract-reading/types.ts';

/** The OCR'd text of the pages, line by line, with word boxes in PDF units (for highlighting), as the reader's PageText. */
export async function ocrPages(document: PDFDocumentProxy, pages: number[], onProgress: (done: number, total: number) => void): Promise<PageText[]> {
  if (pages.length === 0) return [];
  const { createContractOcr, OCR_RENDER_SCALE } = await import('@/lib/contract-reading/ocr');
  const ocr = await createContractOcr();
  try {
    const results: PageText[] = [];
    for (const [index, pageNumber] of pages.entries()) {
      onProgress(index, pages.length);
      const page = await document.getPage(pageNumber);
      const viewport = page.getViewport({ scale: OCR_RENDER_SCALE });
      const canvas = window.document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      results.push(await ocr.recognisePage(canvas, pageNumber, OCR_RENDER_SCALE));
    }
    onProgress(pages.length, pages.length);
    return results;
  } finally {
    await ocr.terminate();
  }
}
