import { describe, expect, it } from 'vitest';
import { ratingLine } from './chart';

const box = { width: 110, height: 60, pad: 5 };

describe('ratingLine', () => {
  it('draws nothing without a rating', () => {
    expect(ratingLine([], box)).toEqual({ d: '', points: [], min: 0, max: 0 });
  });

  it('spaces the ratings evenly from left to right, the highest at the top and the lowest at the bottom', () => {
    const line = ratingLine([1000, 1200, 1100], box);
    expect(line.points).toEqual([
      { x: 5, y: 55 },
      { x: 55, y: 5 },
      { x: 105, y: 30 },
    ]);
    expect(line.d).toBe('M5 55 L55 5 L105 30');
    expect([line.min, line.max]).toEqual([1000, 1200]);
  });

  it('puts a single rating on the middle line, at the end of a level line', () => {
    expect(ratingLine([1032], box)).toEqual({ d: 'M5 30 L105 30', points: [{ x: 105, y: 30 }], min: 1032, max: 1032 });
  });

  it('keeps equal ratings level, in the middle', () => {
    expect(ratingLine([900, 900], box).d).toBe('M5 30 L105 30');
  });

  it('rounds to a tenth, so the path stays short', () => {
    expect(ratingLine([0, 1, 3], { width: 10, height: 10, pad: 0 }).d).toBe('M0 10 L5 6.7 L10 0');
  });
});
