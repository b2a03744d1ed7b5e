import { describe, expect, it } from 'vitest';
import { naturalSquare } from '@/lib/crop-image';

describe('naturalSquare', () => {
  it('maps a percent crop to the natural pixels of the file', () => {
    // 80% of the 300 px side of a 400×300 image, centred: 240 px at (80, 30).
    expect(naturalSquare({ unit: '%', x: 20, y: 10, width: 60, height: 80 }, 400, 300), 'the initial coordinator crop').toEqual({ x: 80, y: 30, side: 240 });
  });

  it('keeps the square inside the image when rounding would push it out', () => {
    const square = naturalSquare({ unit: '%', x: 40.125, y: 20, width: 59.875, height: 80 }, 400, 300);
    expect(square.x + square.side, 'the square ends within the width').toBeLessThanOrEqual(400);
    expect(square.y + square.side, 'the square ends within the height').toBeLessThanOrEqual(300);
  });
});
