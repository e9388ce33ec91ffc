import { describe, expect, it } from 'vitest';
import { barOf, resultBars } from './chart';

describe('resultBars', () => {
  it('gives one bar per number of rows, then the lost bar, each as a share of the longest', () => {
    const bars = resultBars([0, 1, 4, 2], 2, 2);
    expect(bars.map((b) => b.label)).toEqual(['1', '2', '3', '4', 'X']);
    expect(bars.map((b) => b.share)).toEqual([0, 0.25, 1, 0.5, 0.5]);
    expect(bars.map((b) => b.marked)).toEqual([false, false, true, false, false]);
  });

  it('draws nothing long when nobody has played, and marks nothing without a result', () => {
    const bars = resultBars([0, 0, 0], 0, null);
    expect(bars.every((b) => b.share === 0 && !b.marked)).toBe(true);
  });
});

describe('barOf', () => {
  it('puts a win in its rows used and a loss in the last bar', () => {
    expect(barOf('won', 4, 10)).toBe(3);
    expect(barOf('lost', 10, 10)).toBe(10);
  });
});
