/**
 * The reader on the kept test set (tests/fixtures/contracts): every fillable
 * and text PDF of the six layouts is read through pdf.js as the app and the
 * Edge Function read it, and must give its true facts — none wrong, none
 * uncited. Scans are covered by `npm run bench -- contract-intake` (OCR
 * takes seconds a page); here they must show up as pages needing OCR.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodePdfJs, PDF_OPTIONS, readContractPdf } from '../../../../tests/support/contract-reading-node.ts';
import { FIXTURE_DIR, loadTruth, scoreReading } from '../../../../tests/fixtures/contracts/score.ts';
import { extractPdf } from './pdf.ts';

const entries = loadTruth();
const bytesOf = (file: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURE_DIR, file)));

describe('contract fixtures', () => {
  it('hold at least 12 contracts: three layouts per state, each fillable, text and scanned', () => {
    expect(entries.length, 'at least 12 contracts').toBeGreaterThanOrEqual(12);
    for (const state of ['tx', 'ca']) {
      const layouts = new Set(entries.filter((entry) => entry.layout.startsWith(state)).map((entry) => entry.layout));
      expect(layouts.size, `three ${state} layouts`).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(entries.map((entry) => entry.kind)), 'all three source kinds').toEqual(new Set(['fillable', 'text', 'scan']));
    expect(entries.some((entry) => entry.kind === 'text' && entry.pages >= 12), 'a 12-page text PDF for the timing goal').toBe(true);
  });

  it.each(entries.filter((entry) => entry.kind !== 'scan').map((entry) => [entry.file, entry] as const))(
    'reads %s exactly, every proposal cited',
    async (_file, entry) => {
      const { extracted, pages, reading } = await readContractPdf(bytesOf(entry.file), null);
      const score = scoreReading(entry, reading, { fields: extracted.fields, pages });
      expect(score.wrong, 'no wrong or extra values').toEqual([]);
      expect(score.missing, 'no fact left out').toEqual([]);
      expect(score.verifiedCitations, 'every proposal cited by its page or field').toBe(score.proposals);
      expect(reading.paths[0], 'fillable forms are read from their fields first').toBe(entry.kind === 'fillable' ? 'form_field' : 'text');
    },
  );

  it('finds the pages of a scan that need OCR, and no text on them', async () => {
    const scan = entries.find((entry) => entry.kind === 'scan')!;
    const extracted = await extractPdf(nodePdfJs, bytesOf(scan.file), PDF_OPTIONS);
    expect(extracted.scannedPages, 'every page of a scan needs OCR').toEqual(Array.from({ length: scan.pages }, (_, i) => i + 1));
    expect(extracted.pageTexts, 'no text layer').toEqual([]);
  });

  it('refuses a broken PDF with pdf.js\'s error', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body\n%%EOF');
    await expect(extractPdf(nodePdfJs, broken, PDF_OPTIONS), 'a file that only looks like a PDF is not read').rejects.toThrow();
  });
});
