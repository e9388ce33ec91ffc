import { describe, expect, it } from 'vitest';
import { FIRST_DAY } from '@mm/rules/pure';
import { localDate, todaysPuzzle } from './today';

describe('todaysPuzzle', () => {
  it('numbers the first day 1 and counts local calendar days from it', () => {
    const [y, m, d] = FIRST_DAY.split('-').map(Number) as [number, number, number];
    expect(todaysPuzzle(new Date(y, m - 1, d, 0, 1))).toBe(1);
    expect(todaysPuzzle(new Date(y, m - 1, d, 23, 59))).toBe(1);
    expect(todaysPuzzle(new Date(y, m - 1, d + 25, 12))).toBe(26);
  });

  it('reads the date where the player is, not in UTC', () => {
    const lateEvening = new Date(2026, 10, 26, 23, 30);
    expect(localDate(lateEvening)).toBe('2026-11-26');
  });
});
