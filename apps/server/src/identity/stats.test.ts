import { describe, expect, it } from 'vitest';
import { guessesToBreak, playerStats, rankOf, type StatsMatch } from './stats';

const duelRound = (codebreaker: number, outcome: 'broken' | 'failed' | null, rows: number, extra = {}) => ({
  codebreaker,
  codemaker: 1 - codebreaker,
  outcome,
  faulty: false,
  rows: Array.from({ length: rows }, () => ({})),
  missed: [],
  ...extra,
});
const duel = (seat: number, winners: number[], rounds: unknown[], pegs = 4): StatsMatch => ({
  family: 'duel',
  options: { pegs },
  seats: [seat],
  result: { winners, draw: winners.length === 0, scores: [0, 0] },
  review: { rounds },
});
const ranked = (family: string, seat: number, scores: number[], winners: number[]): StatsMatch => ({
  family,
  options: {},
  seats: [seat],
  result: { winners, draw: false, scores },
  review: {},
});

describe('a player’s statistics', () => {
  it('counts the guesses of the codes the player broke in a duel, rows lost to the timer included, faulty rounds not', () => {
    const m = duel(
      0,
      [0],
      [
        duelRound(1, 'broken', 3),
        duelRound(0, 'broken', 4, { missed: [2] }),
        duelRound(0, 'broken', 1, { faulty: true }),
        duelRound(0, 'failed', 12),
      ],
    );
    expect(guessesToBreak(m)).toEqual([5]);
  });

  it('reads the move at which the player broke the other’s code in Parker', () => {
    const m: StatsMatch = {
      family: 'parker',
      options: { pegs: 3 },
      seats: [1],
      result: { winners: [1], draw: false, scores: [0, 2] },
      review: { games: [{ brokenAt: [4, 3] }, { brokenAt: [null, 6] }] },
    };
    expect(guessesToBreak(m)).toEqual([3, 6]);
  });

  it('ranks as the family places its seats, ties sharing a rank; a family that places only the winner ranks nobody', () => {
    expect(rankOf(ranked('rotation', 2, [10, 7, 7, 3], [0]))).toBe(2);
    expect(rankOf(ranked('rotation', 3, [10, 7, 7, 3], [0]))).toBe(4);
    expect(rankOf(ranked('mm44', 1, [0, 1, 0], [1]))).toBe(1);
    expect(rankOf(ranked('mm44', 2, [0, 1, 0], [1]))).toBe(2);
    expect(rankOf(ranked('duel', 0, [3, 5], [1]))).toBeNull();
  });

  it('sums each family: played, won, the longest winning run, ranks and breaks by code size', () => {
    const stats = playerStats([
      duel(0, [0], [duelRound(0, 'broken', 3)]),
      duel(0, [0], [duelRound(0, 'broken', 5)]),
      duel(0, [1], [duelRound(0, 'failed', 10)]),
      duel(0, [0], [duelRound(0, 'broken', 3)], 5),
      ranked('rotation', 0, [4, 9, 1], [1]),
      ranked('rotation', 0, [9, 4, 1], [0]),
    ]);
    expect(stats.matches).toBe(6);
    expect(stats.families).toEqual([
      {
        family: 'duel',
        played: 4,
        won: 3,
        longestWinRun: 2,
        ranks: [],
        bestRank: null,
        breaks: [
          { pegs: 4, codes: 2, average: 4, best: 3, histogram: [0, 0, 1, 0, 1] },
          { pegs: 5, codes: 1, average: 3, best: 3, histogram: [0, 0, 1] },
        ],
      },
      { family: 'rotation', played: 2, won: 1, longestWinRun: 1, ranks: [1, 1], bestRank: 1, breaks: [] },
    ]);
  });

  it('has nothing to say of a player without finished matches', () => {
    expect(playerStats([])).toEqual({ families: [], matches: 0 });
  });
});
