import { describe, expect, it } from 'vitest';
import { confidenceLevel } from '@/features/ai/components/workflow-insight-confidence';

describe('confidence colours (spec part 2 §9)', () => {
  it('0.8 and above is green, 0.6 and above yellow, below red', () => {
    expect(confidenceLevel(0.95).className, '0.95 is green').toContain('green');
    expect(confidenceLevel(0.8).className, '0.8 is green (inclusive)').toContain('green');
    expect(confidenceLevel(0.79).className, '0.79 is yellow').toContain('yellow');
    expect(confidenceLevel(0.6).className, '0.6 is yellow (inclusive)').toContain('yellow');
    expect(confidenceLevel(0.59).className, '0.59 is red').toContain('red');
    expect(confidenceLevel(0.4).level, '0.4 is low').toBe('low');
  });
});
