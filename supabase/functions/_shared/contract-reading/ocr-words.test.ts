/**
 * OCR's confusions in a contract's own vocabulary, mended before reading
 * (ocr-words.ts), and what a scan's misreads must never become: a state
 * that does not exist, a street in lower case, a lender with a speck. A
 * value's OCR confidence is that of the words it stands in, not of the
 * same word elsewhere on the page.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { mendOcrWord } from './ocr-words.ts';
import { pageTextFromOcr, type OcrPageData } from './ocr.ts';
import { readFacts } from './read-facts.ts';
import type { FactKey, PageText, ProposedFact } from './types.ts';

const word = (text: string, confidence = 95, x = 0) => ({ text, confidence, bbox: { x0: x, y0: 30, x1: x + 60, y1: 60 } });
const ocrPage = (...lines: (string | ReturnType<typeof word>[])[]): PageText => {
  const data: OcrPageData = {
    text: '',
    blocks: [{ paragraphs: [{ lines: lines.map((line) => (typeof line === 'string' ? line.split(' ').map((text, index) => word(text, 95, index * 70)) : line)).map((words) => ({ text: words.map((w) => w.text).join(' '), words })) }] }],
  };
  return pageTextFromOcr(1, data, 3);
};
const read = (page: PageText): Partial<Record<FactKey, ProposedFact>> =>
  Object.fromEntries(readFacts({ fields: [], pages: [page] }, { chrono }).fields.map((fact) => [fact.key, fact]));

describe('mendOcrWord', () => {
  it('mends misread words of the vocabulary, a dot leader read as letters, and "pays" after a count', () => {
    expect(mendOcrWord('Acceptanca.', 'after')).toBe('Acceptance.');
    expect(mendOcrWord('PTiCe', 'Sales')).toBe('Price');
    expect(mendOcrWord('CloBing', '(j)')).toBe('Closing');
    expect(mendOcrWord('inspectien', 'the')).toBe('inspection');
    expect(mendOcrWord('tevesseseesnaneenneenscninen-', 'Seller')).toBe('........');
    expect(mendOcrWord('pays', '14')).toBe('Days');
  });

  it('leaves names, real words and values as read', () => {
    expect(mendOcrWord('Bates', 'Ann'), 'a capitalised short word may be a name').toBe('Bates');
    expect(mendOcrWord('DALE', 'BUYER:'), 'capitals may be a name').toBe('DALE');
    expect(mendOcrWord('pays', 'Seller'), '"Seller pays" is English').toBe('pays');
    expect(mendOcrWord('right', 'unrestricted'), 'an English word near a number word stays').toBe('right');
    expect(mendOcrWord('lasting', 'a'), 'an English word near "listing" stays').toBe('lasting');
    expect(mendOcrWord('$445,000.00', 'Price')).toBe('$445,000.00');
    expect(mendOcrWord('transmission', 'fax'), 'a long word of leader letters without dots or doubled letters').toBe('transmission');
  });
});

describe('reading a scan', () => {
  it('reads day counts OCR wrote as "pays", with the citation quoting the mended words', () => {
    const facts = read(ocrPage('| Investigation of Property | 14 pays after Acceptance |'));
    expect(facts.inspection_days).toMatchObject({ value: 14, citation: { text: expect.stringContaining('14 Days after Acceptance') } });
  });

  it('takes a value\'s OCR confidence from its own words, not from the same word elsewhere', () => {
    const page = ocrPage([word('Seller', 20), word('mentions', 95, 70), word('Harbor', 95, 140)], 'Buyer: Harbor Light Ventures, LLC');
    expect(read(page).buyer_names?.confidence, 'the doubted "Seller"-line word does not lower the buyer').toBeGreaterThanOrEqual(0.8);
  });

  it('proposes no address with a state that does not exist or a street in lower case', () => {
    expect(read(ocrPage('Property: 17 Canyon Oak Dr, Oakland, CR 94605')).property_address).toBeUndefined();
    expect(read(ocrPage('Property: 5233 cakmont Ave, Riverside, CA 92506')).property_address).toBeUndefined();
    expect(read(ocrPage('Property: 5233 Oakmont Ave, Riverside, CA 92506')).property_address?.value).toBe('5233 Oakmont Ave, Riverside, CA 92506');
  });

  it('drops a speck stuck to a lender\'s word', () => {
    expect(read(ocrPage('Lender: PrimeLending, -a PlainsCapital Company')).lender?.value).toBe('PrimeLending, a PlainsCapital Company');
  });
});
