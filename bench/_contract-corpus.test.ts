/**
 * The corpus PDFs the contract-intake bench reads (tests/fixtures/contract-corpus):
 * how a text line becomes a fillable form's fields (page-layout.ts), and that
 * pdfs.json lists every contract in three kinds. Only tuning PDFs are opened
 * here: the held-out ones are for the final measurement (README, held-out rule).
 * (The leading underscore keeps `npm run bench` from running this as a benchmark.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../supabase/functions/_shared/contract-reading/pdf.ts';
import { CORPUS_DIR, loadCorpusPdfs, loadCorpusTruth } from '../tests/fixtures/contract-corpus/corpus.ts';
import { fillableLines, textLines, type Piece } from '../tests/fixtures/contract-corpus/page-layout.ts';
import { nodePdfJs, PDF_OPTIONS } from '../tests/support/contract-reading-node.ts';

const fieldsOf = (lines: string[]) => fillableLines(lines, 100).flat().filter((piece): piece is Extract<Piece, { kind: 'field' }> => piece.kind === 'field');

describe('corpus page layout', () => {
  it('draws texts 3+ spaces apart as separate runs at their columns, and wraps a long line within the page', () => {
    expect(textLines(['Seller: Ann Lee          Date: 03/03/2027'], 100)[0], 'two runs, the second at column 25').toEqual([
      { kind: 'text', col: 0, text: 'Seller: Ann Lee' },
      { kind: 'text', col: 25, text: 'Date: 03/03/2027' },
    ]);
    const wrapped = textLines([`   ${'word '.repeat(60).trim()}`], 100);
    expect(wrapped.length, 'a 300-character line takes several drawn lines').toBeGreaterThan(2);
    expect(
      wrapped.every((line) => line.every((piece) => piece.col + (piece.kind === 'text' ? piece.text.length : 0) <= 100)),
      'no drawn line passes the right edge',
    ).toBe(true);
  });

  it('makes the values of label lines, dot leaders, tab-like spacing and table cells fields, the label staying printed', () => {
    const fields = fieldsOf([
      'Seller: Walter and June Albrecht          Date: 03/03/2027',
      '  (d) Sales Price ........................ $445,000.00',
      'Escrow Holder:               Old Republic Title Company',
      '+------------------+------------------+',
      '| Term             | Terms            |',
      '+------------------+------------------+',
      '| B  Close of Escrow | 25 Days after Acceptance |',
      '+------------------+------------------+',
    ]);
    expect(
      fields.map((field) => [field.label, field.value]),
      'each value a field labelled by its label; a day count alone in its field; the header row stays printed',
    ).toEqual([
      ['Seller', 'Walter and June Albrecht'],
      ['Date', '03/03/2027'],
      ['Sales Price', '$445,000.00'],
      ['Escrow Holder', 'Old Republic Title Company'],
      ['Close of Escrow', '25'],
    ]);
  });

  it('makes [X]/[ ] checkboxes and keeps sentences of the contract as text', () => {
    const pieces = fillableLines(['Loan type: [ ] Conventional [X] FHA', 'Seller shall deliver the disclosures within 5 days after Acceptance. Buyer may cancel within 3 days.'], 100).flat();
    expect(
      pieces.filter((piece) => piece.kind === 'check').map((piece) => piece.kind === 'check' && [piece.label, piece.checked]),
      'two checkboxes labelled by the words after them',
    ).toEqual([
      ['Loan type Conventional', false],
      ['Loan type FHA', true],
    ]);
    expect(
      pieces.filter((piece) => piece.kind === 'field'),
      'no field in a sentence',
    ).toEqual([]);
  });

  it('holds a name its column cut in one field ("Seller: Jorge Ramirez and" / "Kevin Ramirez.")', () => {
    const fields = fieldsOf(['1. PARTIES. Seller: Jorge Ramirez and   | 7. OPTION. Option Fee $500', 'Kevin Ramirez.                          | Period 7 days.']);
    expect(fields.map((field) => field.value), 'the whole name, without the sentence\'s period').toEqual(['Jorge Ramirez and Kevin Ramirez']);
  });
});

describe('corpus PDFs', () => {
  const pdfs = loadCorpusPdfs();

  it('lists every contract as a text, a fillable and a scanned PDF that exist, in the contract\'s split', () => {
    const truth = loadCorpusTruth();
    expect(pdfs.length, 'three PDFs per contract').toBe(truth.length * 3);
    for (const contract of truth) {
      const own = pdfs.filter((pdf) => pdf.id === contract.id);
      expect(own.map((pdf) => pdf.kind).sort(), `${contract.id}: one of each kind`).toEqual(['fillable', 'scan', 'text']);
      expect(own.every((pdf) => pdf.split === contract.split && fs.existsSync(path.join(CORPUS_DIR, pdf.file))), `${contract.id}: files exist, split as truth.json`).toBe(true);
    }
  });

  // Opens all 24 fillable PDFs of the half with pdf.js: about 5 s alone, more on a loaded machine.
  it('puts the business terms of the tuning multi-section contracts on page 5 or later, in fields with a mix of names and tooltips', { timeout: 30_000 }, async () => {
    const fillables = pdfs.filter((pdf) => pdf.split === 'tuning' && pdf.kind === 'fillable');
    const names: string[] = [];
    let tooltips = 0;
    for (const pdf of fillables) {
      const { fields } = await extractPdf(nodePdfJs, new Uint8Array(fs.readFileSync(path.join(CORPUS_DIR, pdf.file))), PDF_OPTIONS);
      names.push(...fields.map((field) => field.name));
      tooltips += fields.filter((field) => field.tooltip).length;
      expect(fields.every((field) => field.rect !== undefined), `${pdf.file}: every field has its box`).toBe(true);
      if (pdf.style === 'multi-section') {
        expect(pdf.pages, `${pdf.file}: at least 5 pages`).toBeGreaterThanOrEqual(5);
        expect(Math.min(...fields.map((field) => field.page)), `${pdf.file}: the schedule's fields start on page 5 or later`).toBeGreaterThanOrEqual(5);
      }
    }
    expect(names.some((name) => /^Text\d+$/.test(name)) && names.some((name) => /^fill_\d+$/.test(name)), 'cryptic names of both tools').toBe(true);
    expect(names.some((name) => /^[A-Z][a-z]+ [A-Z]/.test(name)) && names.some((name) => /^[a-z]+[A-Z]/.test(name)) && names.some((name) => /_/.test(name) && !/^fill_/.test(name)), 'label names in three styles').toBe(true);
    expect(tooltips, 'some fields carry a tooltip').toBeGreaterThan(10);
  });
});
