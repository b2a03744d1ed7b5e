/**
 * OCR'd pages: specks the engine itself doubts are left out (so a blank
 * after a label proposes nothing), word boxes come back in PDF units, and a
 * value read from doubtful words is proposed with a confidence low enough to
 * be flagged, while a misread amount that runs into more digits is not
 * proposed at all.
 */
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { pageTextFromOcr, type OcrPageData } from './ocr.ts';
import { readFacts } from './read-facts.ts';

const word = (text: string, confidence: number, x = 0) => ({ text, confidence, bbox: { x0: x, y0: 30, x1: x + 60, y1: 60 } });
const line = (...words: ReturnType<typeof word>[]) => ({ text: words.map((w) => w.text).join(' '), words });
const ocrData = (...lines: ReturnType<typeof line>[]): OcrPageData => ({ text: '', blocks: [{ paragraphs: [{ lines }] }] });

describe('pageTextFromOcr', () => {
  it('drops doubtful specks, keeps doubtful digits, and gives boxes in PDF units', () => {
    const page = pageTextFromOcr(1, ocrData(line(word('Lender:', 0.95 * 100), word('po', 0), word(':', 18)), line(word('Price:', 95), word('$1,165,000', 0, 300))), 3);
    expect(page.text, 'the specks after "Lender:" are gone, the doubtful amount stays').toBe('Lender:\nPrice: $1,165,000');
    expect(page.items?.[1], 'boxes are divided by the render scale; confidence is 0–1').toMatchObject({ str: 'Price:', x: 0, y: 10, w: 20, h: 10, confidence: 0.95 });
  });
});

describe('reading OCR text', () => {
  it('proposes nothing from a blank that OCR read as a speck', () => {
    const page = pageTextFromOcr(1, ocrData(line(word('Lender:', 95), word('po', 0))), 3);
    expect(readFacts({ fields: [], pages: [page] }, { chrono }).fields, 'no lender from a speck').toEqual([]);
  });

  it('flags a value read from words the engine doubts', () => {
    const page = pageTextFromOcr(1, ocrData(line(word('Purchase', 96), word('Price:', 95), word('$1,165,000', 0)), line(word('Option', 96), word('Fee:', 96), word('$200', 96))), 3);
    const facts = Object.fromEntries(readFacts({ fields: [], pages: [page] }, { chrono }).fields.map((fact) => [fact.key, fact]));
    expect(facts.sales_price, 'the amount is proposed, its doubt shown').toMatchObject({ value: 1165000, source: 'ocr' });
    expect(facts.sales_price.confidence, 'below the review screen\'s 0.8 flag').toBeLessThan(0.8);
    expect(facts.option_fee.confidence, 'a clearly read amount is not flagged').toBeGreaterThanOrEqual(0.8);
  });

  it('proposes no amount when the digits run on (a misread thousands separator)', () => {
    const page = { page: 1, source: 'ocr' as const, text: 'for a purchase price of $1,277 500.00, on the terms below.' };
    expect(readFacts({ fields: [], pages: [page] }, { chrono }).fields.map((fact) => fact.key), 'no 1,277 from "$1,277 500.00"').not.toContain('sales_price');
  });

  it('reads a date whose comma OCR made a full stop', () => {
    const page = { page: 1, source: 'ocr' as const, text: 'This offer was accepted on July 6. 2026.' };
    expect(readFacts({ fields: [], pages: [page] }, { chrono }).fields[0], 'the acceptance date').toMatchObject({ key: 'effective_date', value: '2026-07-06' });
  });
});
