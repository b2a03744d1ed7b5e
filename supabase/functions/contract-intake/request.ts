/**
 * The contract-intake request: multipart `file` (a PDF of at most 25 MB),
 * `listingId`, and optionally `ocrPages` — the browser's OCR of the pages
 * without a text layer, JSON [{ page, text }] (see index.ts for why the
 * browser does OCR). Size is refused from Content-Length or while reading,
 * never after buffering an oversized body.
 */
import { z } from '../_shared/deps.ts';
import { HttpError } from '../_shared/http.ts';
import { readBoundedBody, validBody } from '../_shared/validate.ts';

export const MAX_PDF_BYTES = 25 * 1024 * 1024;
/** The multipart envelope and the OCR text ride on top of the file. */
const MAX_BODY_BYTES = MAX_PDF_BYTES + 2 * 1024 * 1024;
const MAX_OCR_PAGE_CHARS = 50_000;

function tooLarge(): HttpError {
  return new HttpError(413, 'file_too_large', 'The PDF is larger than 25 MB; at most 25 MB can be read.', { maxBytes: MAX_PDF_BYTES });
}

const fieldsSchema = z.object({
  listingId: z.uuid('listingId must be a listing id'),
  ocrPages: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return [];
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'ocrPages must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.array(z.object({ page: z.number().int().min(1).max(40), text: z.string().max(MAX_OCR_PAGE_CHARS) })).max(40)),
});

export interface IntakeRequest {
  listingId: string;
  file: File;
  ocrPages: { page: number; text: string }[];
}

/** The request's listing and file (400 for a missing or malformed field, 413 past 25 MB). */
export async function readIntakeRequest(req: Request): Promise<IntakeRequest> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(400, 'invalid_body', 'Send multipart/form-data with a file and a listingId');
  }
  const body = await readBoundedBody(req, MAX_BODY_BYTES, tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, 'invalid_body', 'The multipart body could not be read');
  }
  const fields = validBody(
    { listingId: form.get('listingId') ?? undefined, ocrPages: form.get('ocrPages') ?? undefined },
    fieldsSchema,
  );
  const file = form.get('file');
  if (!(file instanceof File)) throw new HttpError(400, 'invalid_body', 'The request needs a file (the contract PDF)');
  if (file.size > MAX_PDF_BYTES) throw tooLarge();
  return { listingId: fields.listingId, file, ocrPages: fields.ocrPages };
}

/** A PDF starts with %PDF- (within its first KB, as readers allow); anything else is 415 whatever its name or type says. */
export function requirePdf(bytes: Uint8Array): void {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF-')) {
    throw new HttpError(415, 'not_a_pdf', 'Only PDF files can be read as contracts; this file is not a PDF.');
  }
}
