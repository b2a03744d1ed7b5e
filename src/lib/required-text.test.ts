import { describe, expect, it } from 'vitest';
import { requiredText, trimText } from '@/lib/required-text';

describe('trimText / requiredText (the rule of private.trim_text)', () => {
  it('strips whitespace of every kind at both ends, and only there', () => {
    expect(trimText('\t\n Buyer backed out \u00a0\u3000'), 'ASCII, no-break and ideographic spaces').toBe('Buyer backed out');
    expect(trimText('\u200b\u2060\ufeff\u0085reason\u180e\u2028'), 'zero-width, word joiner, BOM, next line, separators (which String.trim leaves)').toBe('reason');
    expect(trimText('two\u00a0words'), 'inner whitespace stays').toBe('two\u00a0words');
  });

  it('refuses a reason that is nothing but whitespace, with the form message, and gives the trimmed text', () => {
    const schema = requiredText('A reason is required', 10, 'At most 10 characters');
    for (const blank of ['', '\t\n', '\u00a0\u3000', '\u200b\u200d']) {
      const parsed = schema.safeParse(blank);
      expect(parsed.success ? null : parsed.error.issues[0]?.message, `${JSON.stringify(blank)} is no reason`).toBe('A reason is required');
    }
    expect(schema.safeParse('\n Late \u3000').data, 'a real reason, trimmed').toBe('Late');
    const long = schema.safeParse('x'.repeat(11));
    expect(long.success ? null : long.error.issues[0]?.message, 'the length is counted after trimming').toBe('At most 10 characters');
  });
});
