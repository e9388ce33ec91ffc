import { describe, expect, it } from 'vitest';
import { dailyStats } from './daily-stats';

describe('dailyStats', () => {
  it('counts played, win percent and the guesses distribution', () => {
    const s = dailyStats(
      [
        { n: 1, guesses: 4 },
        { n: 2, guesses: null },
        { n: 3, guesses: 4 },
        { n: 4, guesses: 6 },
      ],
      4,
    );
    expect(s.played).toBe(4);
    expect(s.winPercent).toBe(75);
    expect(s.distribution).toEqual([0, 0, 0, 2, 0, 1, 0, 0, 0, 0]);
    expect(s.lost).toBe(1);
  });

  it('streaks count consecutive puzzle numbers won: a loss or a skipped day ends one', () => {
    const s = dailyStats(
      [1, 2, 3, 5, 6, 8, 9].map((n) => ({ n, guesses: 5 })),
      9,
    );
    expect(s.longestStreak).toBe(3);
    expect(s.currentStreak).toBe(2);
    const lost = dailyStats(
      [
        { n: 1, guesses: 5 },
        { n: 2, guesses: null },
        { n: 3, guesses: 5 },
      ],
      3,
    );
    expect(lost.longestStreak).toBe(1);
    expect(lost.currentStreak).toBe(1);
  });

  it("keeps the current streak while today's puzzle is not played yet, and ends it once today is lost", () => {
    const results = [
      { n: 7, guesses: 3 },
      { n: 8, guesses: 4 },
    ];
    expect(dailyStats(results, 9).currentStreak).toBe(2);
    expect(dailyStats([...results, { n: 9, guesses: null }], 9).currentStreak).toBe(0);
    expect(dailyStats(results, 10).currentStreak).toBe(0);
  });

  it('is all zero for a player who never played', () => {
    expect(dailyStats([], 5)).toMatchObject({ played: 0, winPercent: 0, currentStreak: 0, longestStreak: 0, lost: 0 });
  });
});
