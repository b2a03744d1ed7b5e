/**
 * OCR of scanned contract pages in the browser, off the main thread:
 * tesseract.js runs in its own Web Worker (its worker script, its WebAssembly
 * core and the English data are served by Vite from node_modules — nothing
 * is fetched from a CDN). Callers render a page (pdf.js) to a canvas at
 * `scale` × 72 dpi and get back the reader's PageText, whose word boxes are
 * in PDF units like a text page's, so citations highlight the same way.
 *
 *   const ocr = await createContractOcr();
 *   const page = await ocr.recognisePage(canvas, 3, OCR_RENDER_SCALE);
 *   await ocr.terminate();
 */
import { createWorker, OEM } from 'tesseract.js';
import workerUrl from 'tesseract.js/dist/worker.min.js?url';
import coreUrl from 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js?url';
import englishUrl from '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz?url';
import { pageTextFromOcr } from '../../../supabase/functions/_shared/contract-reading/ocr.ts';
import type { PageText } from '../../../supabase/functions/_shared/contract-reading/types.ts';

/** 72 dpi × 3 ≈ 216 dpi: where tesseract reads a contract's 10 pt text well, at about a second or two per page. */
export const OCR_RENDER_SCALE = 3;

export interface ContractOcr {
  /** The OCR'd text of one page image, rendered at `scale` × 72 dpi. */
  recognisePage(image: HTMLCanvasElement | OffscreenCanvas | ImageBitmap | Blob, page: number, scale: number): Promise<PageText>;
  terminate(): Promise<void>;
}

const ENGLISH_FILE = '/eng.traineddata.gz';

/** Starts the OCR worker (about a second: the core and the English data load once). */
export async function createContractOcr(): Promise<ContractOcr> {
  // tesseract.js fetches `${langPath}/eng.traineddata.gz`; vite.config.ts keeps that file name in builds.
  // (Handing the data over as bytes instead breaks its initialisation in tesseract.js 7.)
  if (!englishUrl.endsWith(ENGLISH_FILE)) throw new Error(`The OCR language data is served as ${englishUrl}, not as …${ENGLISH_FILE}.`);
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: new URL(englishUrl.slice(0, -ENGLISH_FILE.length), window.location.href).href,
    workerPath: workerUrl,
    corePath: coreUrl,
    workerBlobURL: false,
    cacheMethod: 'none',
    gzip: true,
  });
  return {
    async recognisePage(image, page, scale) {
      const source = image instanceof Blob || image instanceof ImageBitmap || image instanceof HTMLCanvasElement ? image : await image.convertToBlob({ type: 'image/png' });
      const { data } = await worker.recognize(source, {}, { blocks: true });
      return pageTextFromOcr(page, data, scale);
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
}
