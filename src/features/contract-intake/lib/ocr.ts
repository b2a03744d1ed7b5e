/**
 * OCR of scanned pages in the browser: each page is rendered with pdf.js
 * and read by tesseract.js, which runs in a Web Worker of its own, with the
 * English model from @tesseract.js-data/eng and the engine from
 * tesseract.js-core served as the app's own assets (nothing is fetched from
 * a CDN). Why in the browser: OCR costs seconds of CPU per page, far past
 * hosted Edge Functions' 2 s per request; the server re-checks every
 * citation against the text it is sent (contract-intake/index.ts).
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { pageTextFromOcr } from '../../../../supabase/functions/_shared/contract-reading/ocr.ts';
import type { PageText } from '../../../../supabase/functions/_shared/contract-reading/types.ts';

/** Pixels per PDF unit the page is rendered at for OCR (≈ 216 dpi: small print still reads). */
const OCR_SCALE = 3;

async function createOcrWorker() {
  const [{ createWorker }, workerPath, corePath, langData] = await Promise.all([
    import('tesseract.js'),
    import('tesseract.js/dist/worker.min.js?url'),
    import('tesseract.js-core/tesseract-core-simd-lstm.wasm.js?url'),
    import('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz?url'),
  ]);
  // tesseract.js fetches `${langPath}/eng.traineddata.gz`; vite.config.ts keeps that file's name unhashed.
  const langPath = new URL(langData.default, window.location.href).href.replace(/\/[^/]*$/, '');
  return createWorker('eng', 1, { workerPath: workerPath.default, corePath: corePath.default, langPath, gzip: true, cacheMethod: 'none' });
}

/** The OCR'd text of the pages, line by line, with word boxes in PDF units (for highlighting), as the reader's PageText. */
export async function ocrPages(document: PDFDocumentProxy, pages: number[], onProgress: (done: number, total: number) => void): Promise<PageText[]> {
  if (pages.length === 0) return [];
  const worker = await createOcrWorker();
  try {
    const results: PageText[] = [];
    for (const [index, pageNumber] of pages.entries()) {
      onProgress(index, pages.length);
      const page = await document.getPage(pageNumber);
      const viewport = page.getViewport({ scale: OCR_SCALE });
      const canvas = window.document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      const { data } = await worker.recognize(canvas, {}, { text: true, blocks: true });
      results.push(pageTextFromOcr(pageNumber, data, OCR_SCALE));
    }
    onProgress(pages.length, pages.length);
    return results;
  } finally {
    await worker.terminate();
  }
}
