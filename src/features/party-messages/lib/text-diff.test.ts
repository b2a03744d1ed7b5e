import { describe, expect, test } from 'vitest';
import { diffLines } from '@/features/party-messages/lib/text-diff';

describe('diffLines', () => {
  test('a changed line shows as removed then added, unchanged far lines fold', () => {
    const before = 'Hi Celia,\n\nThe option period ends Tue, Dec 1.\n\nThanks,\nDavid\nDavid Kim';
    const after = 'Hi Celia,\n\nThe option period ends Thu, Dec 3.\n\nThanks,\nDavid\nDavid Kim';
    expect(diffLines(before, after), 'only the changed line and one line around it are shown').toEqual([
      { kind: 'same', text: '…' },
      { kind: 'same', text: '' },
      { kind: 'removed', text: 'The option period ends Tue, Dec 1.' },
      { kind: 'added', text: 'The option period ends Thu, Dec 3.' },
      { kind: 'same', text: '' },
      { kind: 'same', text: '…' },
    ]);
  });

  test('the same text has no changes', () => {
    expect(diffLines('a\nb', 'a\nb', 0).every((line) => line.kind === 'same'), 'nothing is marked changed').toBe(true);
  });

  test('an added line at the end', () => {
    expect(diffLines('a', 'a\nb'), 'the new line is added').toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'added', text: 'b' },
    ]);
  });
});
