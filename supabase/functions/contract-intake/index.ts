/**
 * Contract intake (issue 42): reads a purchase contract PDF and proposes its
 * facts, each with a citation, for a person to review.
 *
 * POST multipart { file, listingId, ocrPages? } →
 *   200 { intakeId, form, pages, fields: [{ key, value, confidence, source, citation }], paths, scannedPages, warning? }
 *     where the contract gives different values for a fact, that fact is flagged:
 *     { key, value: null, confidence: 0, source, citation: null, candidates: [{ value, source, citation }] }
 *   401 not signed in · 403 not the listing's agent, coordinator or a super admin · 400 fields ·
 *   413 over 25 MB or 40 pages · 415 not a PDF · 422 a PDF that cannot be read (damaged, no pages,
 *   password-protected, nested too deeply, or more than 1 s of CPU to read: pdf-engine.ts), with what to try.
 *
 * Reading order: 1. form fields, 2. the text layer (both here, with pdf.js),
 * 3. OCR'd text of pages without a text layer, 4. a model for the facts still
 * missing, when AI is configured and the caller may use it.
 *
 * Where the work runs: hosted Edge Functions get about 2 s of CPU per
 * request. Reading a 12-page text PDF here costs a few hundred ms (README,
 * "Contract intake"), but OCR costs seconds of CPU per page, so the browser
 * runs it (tesseract.js in a Web Worker) and sends the text of the scanned
 * pages as `ocrPages`. The server takes OCR text only for pages it found
 * without a text layer, reads everything else itself, and every citation —
 * the model's quotes too — is checked against this server-side text.
 *
 * Each reading is logged in contract_intakes by this function alone, with the
 * service role after the caller's checks: people cannot write the log through
 * the API (they could otherwise forge proposals and skew intake_accuracy());
 * create_contract_from_intake() later records what the person kept.
 */
import { aiClient, aiSettings, beginAiCall, providerFailure } from '../_shared/ai.ts';
import { type ActingAccount, actingAccount, coordinatesOrAdmin } from '../_shared/account.ts';
import { readFacts } from '../_shared/contract-reading/read-facts.ts';
import { citationIsVerified } from '../_shared/contract-reading/verify.ts';
import type { PageText, ProposedFact } from '../_shared/contract-reading/types.ts';
import { handler, HttpError, json } from '../_shared/http.ts';
import { createAdminClient, createUserClient, requireUser } from '../_shared/supabase.ts';
import { chrono, type SupabaseClient } from '../_shared/deps.ts';
import type { TokenUser } from '../_shared/token.ts';
import { missingKeys, proposeMissingFacts } from './ai-facts.ts';
import { readContractPdf } from './pdf-engine.ts';
import { readIntakeRequest, requirePdf } from './request.ts';

export const STRANGER_MESSAGE = 'You may not read contracts for this listing.';

/** The AI step may take at most this long here, whatever the provider's own timeout: a person is waiting. */
const AI_STEP_TIMEOUT_MS = 20_000;

async function requireContractWriter(db: SupabaseClient, listingId: string): Promise<void> {
  const { data, error, status } = await db.rpc('can_record_contract', { listing_id: listingId });
  if (status === 401) throw new HttpError(401, 'unauthorized', 'Unauthorized');
  if (error) throw new Error(`can_record_contract failed: ${error.message}`);
  if (data !== true) throw new HttpError(403, 'forbidden', STRANGER_MESSAGE);
}

interface AiOutcome {
  proposals: ProposedFact[];
  warning?: string;
}

/** Step 4, for coordinators and super admins when a provider is configured; a failure keeps steps 1–3 and says so. */
async function aiStep(user: TokenUser, account: ActingAccount, reading: { fields: ProposedFact[] }, pages: PageText[]): Promise<AiOutcome> {
  const settings = aiSettings();
  const missing = missingKeys(reading.fields);
  if (!settings || missing.length === 0 || pages.length === 0) return { proposals: [] };
  if (!coordinatesOrAdmin(account)) return { proposals: [] };
  const bounded = { ...settings, timeoutMs: Math.min(settings.timeoutMs, AI_STEP_TIMEOUT_MS) };
  let call;
  try {
    call = await beginAiCall(user, bounded, { type: 'contract_intake', input: `contract intake: ${missing.join(', ')}`, inputChars: pages.reduce((n, p) => n + p.text.length, 0) });
  } catch (error) {
    if (error instanceof HttpError) return { proposals: [], warning: `The AI step did not run: ${error.message} The facts read from the PDF are shown; fill in the rest by hand.` };
    throw error;
  }
  try {
    const { kept, discarded, output } = await proposeMissingFacts(aiClient(bounded), bounded.model, missing, pages);
    await call.succeed(output);
    if (discarded > 0) console.log(`contract-intake: discarded ${discarded} model proposal(s) without a verified quote`);
    return { proposals: kept };
  } catch (error) {
    const failure = providerFailure(error);
    await call.fail(failure);
    const reason = failure instanceof HttpError ? failure.message : 'The AI provider failed.';
    return { proposals: [], warning: `The AI step failed: ${reason} The facts read from the PDF are shown; fill in the rest by hand.` };
  }
}

// A promise pdf.js (or anything else) leaves rejected with nobody waiting must not end the worker and every request in it.
globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  console.error('contract-intake: unhandled rejection', event.reason);
});

Deno.serve(
  handler(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST');
    const started = performance.now();
    const user = await requireUser(req);
    const db = createUserClient(req);
    const request = await readIntakeRequest(req);
    const [, account] = await Promise.all([requireContractWriter(db, request.listingId), actingAccount(db)]);
    if (!account) throw new HttpError(403, 'forbidden', STRANGER_MESSAGE);

    const bytes = new Uint8Array(await request.file.arrayBuffer());
    requirePdf(bytes);
    const extracted = await readContractPdf(bytes);

    const scanned = new Set(extracted.scannedPages);
    const ocrPages: PageText[] = request.ocrPages
      .filter((page) => scanned.has(page.page) && page.text.trim() !== '')
      .map((page) => ({ page: page.page, text: page.text, source: 'ocr' }));
    const pages = [...extracted.pageTexts, ...ocrPages].sort((a, b) => a.page - b.page);
    const source = { fields: extracted.fields, pages };
    const read = readFacts(source, { chrono });
    // The reader promises a verified citation for each proposal (for a flagged fact, for each candidate); the server holds it to that:
    // a value nobody can point to is never proposed. A flagged fact is answered, so the AI step does not fill it (missingKeys).
    const reading = { ...read, fields: read.fields.filter((fact) => citationIsVerified(source, fact)) };
    if (reading.fields.length < read.fields.length) console.error(`contract-intake: dropped ${read.fields.length - reading.fields.length} proposal(s) without a verified citation`);

    const ai = await aiStep(user, account, reading, pages);
    const fields = [...reading.fields, ...ai.proposals];
    const paths = [...reading.paths, ...(ai.proposals.length > 0 ? (['ai'] as const) : [])];
    const seconds = Math.round((performance.now() - started) / 10) / 100;

    // Written with the service role: only this function logs readings (the caller's rights were checked above).
    const logged = await createAdminClient()
      .from('contract_intakes')
      .insert({ listing_id: request.listingId, created_by: account.id, form: reading.form, pages: extracted.pages, paths, seconds, proposed: fields })
      .select('id')
      .single();
    if (logged.error) throw new Error(`logging the intake failed: ${logged.error.message}`);

    return json(
      {
        intakeId: logged.data.id,
        form: reading.form,
        pages: extracted.pages,
        fields,
        paths,
        scannedPages: extracted.scannedPages.filter((page) => !ocrPages.some((ocr) => ocr.page === page)),
        ...(ai.warning ? { warning: ai.warning } : {}),
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  }),
);
