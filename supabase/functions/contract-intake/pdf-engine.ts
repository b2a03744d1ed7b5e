/**
 * pdf.js inside the Edge Function: the legacy build (it runs without a DOM),
 * with its worker module loaded in-process (`globalThis.pdfjsWorker`: pdf.js
 * then parses on this thread instead of spawning a worker, which hosted Edge
 * Functions do not offer; it looks the global up when a document is opened).
 * Static imports, so the deploy bundler sees and includes both modules.
 *
 * Opening checks what the caller must be told before any reading: a file
 * pdf.js cannot parse is 422 with pdf.js's reason, more than MAX_PAGES pages 413.
 */
import * as pdfjsLib from 'npm:pdfjs-dist@5.6.205/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'npm:pdfjs-dist@5.6.205/legacy/build/pdf.worker.mjs';
import { HttpError } from '../_shared/http.ts';
import type { PdfDocument, PdfJs } from '../_shared/contract-reading/pdf.ts';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

export const MAX_PAGES = 40;

/** pdf.js as the reader's injected engine. */
export const pdfjs = pdfjsLib as unknown as PdfJs;

/** Options for reading text and fields only: no eval, no fonts loaded for rendering, no console noise. */
export const READ_OPTIONS = { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 } as const;

/** The parsed document (the caller destroys it), or the 422 / 413 a person can act on. */
export async function openPdf(pdfjs: PdfJs, bytes: Uint8Array): Promise<PdfDocument> {
  let document: PdfDocument;
  try {
    document = await pdfjs.getDocument({ data: bytes.slice(), ...READ_OPTIONS }).promise;
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message : 'unknown error';
    const encrypted = error instanceof Error && error.name === 'PasswordException';
    throw new HttpError(
      422,
      'unreadable_pdf',
      encrypted
        ? 'This PDF is password-protected; save an unprotected copy and try again.'
        : `This PDF could not be read (${reason}). Try saving or printing it to a new PDF and upload that.`,
    );
  }
  if (document.numPages > MAX_PAGES) {
    const pages = document.numPages;
    await document.destroy();
    throw new HttpError(413, 'too_many_pages', `The PDF has ${pages} pages; at most ${MAX_PAGES} pages can be read.`, { pages, maxPages: MAX_PAGES });
  }
  return document;
}

/** A pdf.js stand-in that hands extractPdf the document already opened (and checked) instead of parsing the file twice. */
export function openedPdfJs(document: PdfDocument): PdfJs {
  return { getDocument: () => ({ promise: Promise.resolve(document) }) };
}
