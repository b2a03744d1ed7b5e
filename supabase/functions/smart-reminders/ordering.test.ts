import { describe, expect, test } from 'vitest';
import { acceptOrdering } from './ordering.ts';

describe('acceptOrdering', () => {
  test('a reordered, rephrased permutation is accepted in the model order', () => {
    expect(acceptOrdering(2, [{ index: 1, text: ' Second first. ' }, { index: 0, text: 'Then the first.' }]), 'order and texts kept').toEqual([
      'Second first.',
      'Then the first.',
    ]);
  });

  test('anything but exactly the rule reminders is refused', () => {
    expect(acceptOrdering(2, [{ index: 0, text: 'a' }]), 'one missing').toBeNull();
    expect(acceptOrdering(2, [{ index: 0, text: 'a' }, { index: 1, text: 'b' }, { index: 2, text: 'invented' }]), 'one added').toBeNull();
    expect(acceptOrdering(2, [{ index: 0, text: 'a' }, { index: 0, text: 'b' }]), 'a duplicate').toBeNull();
    expect(acceptOrdering(1, [{ index: 0, text: '   ' }]), 'an empty text').toBeNull();
    expect(acceptOrdering(1, [{ index: 0, text: 'x'.repeat(301) }]), 'a text over 300 characters').toBeNull();
    expect(acceptOrdering(1, [{ index: 0.5, text: 'x' }]), 'a fractional index').toBeNull();
  });
});
