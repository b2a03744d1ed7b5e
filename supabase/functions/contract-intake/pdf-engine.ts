/**
 * pdf.js inside the Edge Function: the legacy build (it runs without a DOM),
 * with its worker module loaded in-process (`globalThis.pdfjsWorker`: pdf.js
 * then parses on this thread instead of spawning a worker, which hosted Edge
 * Functions do not offer; it looks the global up when a document is opened).
 * Static imports, so the deploy bundler sees and includes both modules.
 *
 * Every upload is read as untrusted (../_shared/contract-reading/untrusted-pdf.ts):
 * bounded in pages, nesting and CPU, one reading at a time, and whatever the
 * file does wrong is the 422 (or 413) a person can act on, never a 500.
 */
import process from 'node:process';
import * as pdfjsLib from 'npm:pdfjs-dist@5.6.205/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'npm:pdfjs-dist@5.6.205/legacy/build/pdf.worker.mjs';
import { HttpError } from '../_shared/http.ts';
import type { PdfJs } from '../_shared/contract-reading/pdf.ts';
import type { ExtractedPdf } from '../_shared/contract-reading/types.ts';
import { READ_LIMITS, readUntrustedPdf } from '../_shared/contract-reading/untrusted-pdf.ts';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

export const MAX_PAGES = READ_LIMITS.maxPages;

/** pdf.js as the reader's injected engine. */
export const pdfjs = pdfjsLib as unknown as PdfJs;

/** The worker's CPU time in ms, or undefined where the runtime does not offer it (the budget then counts wall-clock time). */
function cpuClock(): (() => number) | undefined {
  try {
    const probe = process.cpuUsage();
    if (!Number.isFinite(probe.user)) return undefined;
    return () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
  } catch {
    return undefined;
  }
}

const clock = cpuClock();

/** The PDF's fields, page texts and scanned pages, or the 422 / 413 a person can act on. */
export async function readContractPdf(bytes: Uint8Array): Promise<ExtractedPdf> {
  const reading = await readUntrustedPdf(pdfjs, bytes, { cpuClock: clock });
  if (reading.ok) return reading.extracted;
  const { status, code, message, reason, detail, pages } = reading.refusal;
  if (detail) console.log(`contract-intake: refused a PDF (${reason}, ${reading.spentMs} ms): ${detail}`);
  throw new HttpError(status, code, message, status === 413 ? { pages, maxPages: MAX_PAGES } : { reason, ...(detail ? { detail } : {}) });
}
