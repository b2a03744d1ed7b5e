import { describe, expect, test } from 'vitest';
import { normalizeAddress, noteExcerpt, redactPersonalData, splitHighlights, trimToLimit } from './text.ts';

describe('trimToLimit', () => {
  test('a text within the limit is kept (trimmed of outer spaces)', () => {
    expect(trimToLimit('  Sunny home.  ', 800), 'short text unchanged').toBe('Sunny home.');
  });

  test('an overlong text ends at the last complete sentence within the limit', () => {
    const text = 'First sentence here. Second one. Third sentence is long enough to cross the limit.';
    expect(trimToLimit(text, 40), 'cut after "Second one."').toBe('First sentence here. Second one.');
  });

  test('a period inside a number is not a sentence end', () => {
    const text = `${'Word '.repeat(10)}Lot of 3.5 acres and more words follow here`;
    const trimmed = trimToLimit(text, 60);
    expect(trimmed.length, 'within the limit').toBeLessThanOrEqual(60);
    expect(trimmed.endsWith('…'), 'no sentence end: cut at a word with an ellipsis').toBe(true);
    expect(trimmed.includes('3.'), 'not cut after "3."').toBe(trimmed.includes('3.5'));
  });

  test('without a sentence end the cut is at a word boundary with an ellipsis, within the limit', () => {
    const trimmed = trimToLimit('alpha beta gamma delta epsilon zeta eta theta', 20);
    expect(trimmed, 'whole words only').toBe('alpha beta gamma…');
    expect(trimmed.length, 'ellipsis included in the limit').toBeLessThanOrEqual(20);
  });
});

describe('address and note rules', () => {
  test('case, spaces and punctuation do not tell addresses apart', () => {
    expect(normalizeAddress('  12  Oak Ln., AUSTIN '), 'normalized').toBe(normalizeAddress('12 oak ln austin'));
    expect(normalizeAddress('12 Oak Ln'), 'a different number differs').not.toBe(normalizeAddress('13 Oak Ln'));
  });

  test('notes lose e-mails, phone numbers and the named people; excerpts are short', () => {
    const note = 'Call Jane Doe at (512) 555-0142 or jane.doe@mail.test about the 2 car garage.';
    const clean = redactPersonalData(note, ['Jane Doe']);
    for (const secret of ['555-0142', 'jane.doe@mail.test', 'Jane Doe']) expect(clean, `removed: ${secret}`).not.toContain(secret);
    expect(clean, 'small numbers stay').toContain('2 car garage');
    expect(noteExcerpt('word '.repeat(100), [], 50).length, 'excerpt within its limit').toBeLessThanOrEqual(50);
  });

  test('highlights are split per line, comma or semicolon', () => {
    expect(splitHighlights('- New roof\nCorner lot, pool; '), 'one item each').toEqual(['New roof', 'Corner lot', 'pool']);
    expect(splitHighlights(null), 'none').toEqual([]);
  });
});
