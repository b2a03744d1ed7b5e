/**
 * Small purchase-contract PDFs for the contract-intake tests, made with
 * pdf-lib: a TREC-like terms sheet as a text PDF (optionally padded to N
 * pages of boilerplate), a PDF with more pages than intake reads, and a
 * file that claims to be a PDF but is not one pdf.js can parse. The project's
 * measured test set is tests/fixtures/contracts/ (Part C's reader bench).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The facts the terms sheet states, as the reader must propose them. */
export const TERMS_SHEET_TRUTH = {
  effective_date: '2026-07-01',
  closing_date: '2026-08-14',
  sales_price: 450000,
  earnest_money: 5000,
  option_fee: 500,
  option_days: 7,
  title_company: 'Lone Star Title',
} as const;

export const TERMS_SHEET_LINES = [
  'TEXAS RESIDENTIAL EARNEST MONEY CONTRACT - SUMMARY OF TERMS (TREC NO. 20-18)',
  'Seller(s): Maria Gonzalez',
  'Buyer(s): James and Linda Carter',
  'Property Address: 1208 Live Oak Street, Austin, TX 78704',
  'Purchase Price: $450,000',
  'Earnest Money: $5,000 to be deposited with the escrow agent',
  'Option Fee: $500',
  'Option Period: 7 days',
  'Title Company: Lone Star Title',
  'Closing Date: 08/14/2026',
  'Effective Date: 07/01/2026',
];

const BOILERPLATE =
  'The parties agree that the terms of this contract are binding upon execution. Notices must be in writing and delivered to the addresses listed below. ' +
  'Time is of the essence for every deadline stated in this contract, and each party shall cooperate in good faith to close the sale on time.';

/** A text PDF: the terms sheet on page 1, then `pages - 1` pages of boilerplate (a realistic length for CPU figures). */
export async function termsSheetPdf(options: { pages?: number; lines?: string[] } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([612, 792]);
  (options.lines ?? TERMS_SHEET_LINES).forEach((line, index) => first.drawText(line, { x: 50, y: 740 - index * 22, size: 11, font }));
  for (let page = 2; page <= (options.pages ?? 1); page++) {
    const next = doc.addPage([612, 792]);
    for (let line = 0; line < 40; line++) {
      next.drawText(`${page}.${line + 1} ${BOILERPLATE.slice((line * 37) % 120, ((line * 37) % 120) + 95)}`, { x: 40, y: 750 - line * 17, size: 9, font });
    }
  }
  return doc.save();
}

/** A valid PDF of `pages` empty pages (over intake's 40-page limit when asked). */
export async function blankPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let page = 0; page < pages; page++) doc.addPage([612, 792]);
  return doc.save();
}

/** Starts like a PDF, but nothing after the header is one. */
export function brokenPdf(): Uint8Array {
  return new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nthis is not a PDF body at all\n%%EOF\n');
}

/** The function's answer: a reading (200) or a refusal ({ message, error: { code, message, details } }). */
export interface IntakeAnswer {
  status: number;
  body: {
    intakeId?: string;
    pages?: number;
    fields?: { key: string; value: unknown }[];
    message?: string;
    error?: { code: string; message: string; details?: { reason?: string; detail?: string } };
  };
}

/** POSTs `bytes` as the contract PDF to /functions/v1/contract-intake with the caller's access token. */
export async function postContract(apiUrl: string, anonKey: string, accessToken: string, listingId: string, bytes: Uint8Array): Promise<IntakeAnswer> {
  const form = new FormData();
  form.set('listingId', listingId);
  form.set('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'contract.pdf');
  const response = await fetch(`${apiUrl}/functions/v1/contract-intake`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, apikey: anonKey },
    body: form,
  });
  const text = await response.text();
  let body: IntakeAnswer['body'];
  try {
    body = JSON.parse(text) as IntakeAnswer['body'];
  } catch {
    body = { message: `(not JSON) ${text.slice(0, 200)}` };
  }
  return { status: response.status, body };
}
