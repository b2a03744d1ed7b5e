import { describe, expect, test } from 'vitest';
import { inProcessPdfJs } from '../../../../tests/support/contract-reading-node.ts';
import { buildPdf, HOSTILE_PDFS, smallTextPdf, streamObject } from '../../../../tests/support/hostile-pdf.ts';
import { nestingDepth, readUntrustedPdf } from './untrusted-pdf.ts';

const engine = await inProcessPdfJs();
/** The budget is tested on its own: elsewhere a loaded machine's slow first reading must not count. */
const unhurried = { limits: { cpuMs: 30_000, wallMs: 30_000 } };
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('nestingDepth', () => {
  test('counts dictionaries and arrays, not strings, comments or stream data', () => {
    expect(nestingDepth(latin1('<< /A [ 1 << /B 2 >> ] >>')), 'dictionary, array, dictionary').toBe(3);
    expect(nestingDepth(latin1('<< /S (<< [[ \\) << ) /H <4142> >> % << [[[\n')), 'inside a string, hex string or comment nothing counts').toBe(1);
    expect(nestingDepth(latin1('<< /Length 6 >>\nstream\n[[[[[[\nendstream\n')), 'stream data is skipped').toBe(1);
    expect(nestingDepth(latin1('1 0 obj\n<< /A [[[ \nendobj\n2 0 obj\n<< >>\nendobj')), 'a damaged object does not count against the next').toBe(4);
  });

  test('stops at the first depth past the limit', () => {
    const deep = latin1(`${'['.repeat(50_000)}${']'.repeat(50_000)}`);
    expect(nestingDepth(deep, 100), 'stops at 101').toBe(101);
    expect(nestingDepth(deep), 'without a limit, the whole depth').toBe(50_000);
  });
});

describe('readUntrustedPdf', () => {
  test('reads a good PDF', async () => {
    const reading = await readUntrustedPdf(engine, smallTextPdf(), unhurried);
    expect(reading.ok && reading.extracted.pages, 'one page read').toBe(1);
  });

  test("the hostile files of issue 51 are refused, each saying why; none throws", async () => {
    const reasons: Record<string, string> = {};
    for (const [name, make] of Object.entries(HOSTILE_PDFS)) {
      const reading = await readUntrustedPdf(engine, make(), unhurried);
      reasons[name] = reading.ok ? 'read' : `${reading.refusal.status} ${reading.refusal.reason}`;
    }
    expect(reasons, 'refusals').toEqual({ countZero: '422 no_pages', countMinusOne: '422 no_pages', circularPageTree: '422 damaged', deepNesting: '422 too_deep' });
  });

  test('nesting the scan does not see still ends as a refusal: pdf.js overflows its stack, caught', async () => {
    // A name /stream followed by a line break reads to the scan as stream data up to the string "endstream".
    const hidden = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Hide /stream\n /Deep ${'<< /A '.repeat(20_000)}1${' >>'.repeat(20_000)} /Note (endstream) >>`,
    ]);
    expect(nestingDepth(hidden, 100), 'the scan does not see it').toBeLessThan(100);
    const reading = await readUntrustedPdf(engine, hidden, unhurried);
    expect(!reading.ok && [reading.refusal.reason, reading.refusal.message], 'refused as too deep').toEqual([
      'too_deep',
      'This PDF could not be read (it is built in a way no contract is: its objects are nested too deeply). Try saving or printing it to a new PDF and upload that.',
    ]);
  });

  test('more pages than the limit is 413 before any page is read', async () => {
    const kids = Array.from({ length: 3 }, () => '3 0 R').join(' ');
    const reading = await readUntrustedPdf(engine, buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count 3 >>`, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>']), { limits: { ...unhurried.limits, maxPages: 2 } });
    expect(!reading.ok && [reading.refusal.status, reading.refusal.message], '413 with the limit').toEqual([413, 'The PDF has 3 pages; at most 2 pages can be read.']);
  });

  test('a reading past its budget is stopped and refused as too slow', async () => {
    const page = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      // 20 × 1.4 MB of drawing operators: seconds of work unbounded.
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${Array.from({ length: 20 }, () => '4 0 R').join(' ')}] >>`,
      streamObject('0 0 m 1 1 l S\n'.repeat(100_000), { deflate: true }),
    ]);
    const reading = await readUntrustedPdf(engine, page, { limits: { cpuMs: 20 } });
    expect(!reading.ok && reading.refusal.reason, 'too slow at a 20 ms budget').toBe('too_slow');
    expect(reading.spentMs, 'stopped soon after the budget').toBeLessThan(1000);
  });
});
