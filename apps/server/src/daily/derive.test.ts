import { createHash } from 'node:crypto';
import { dailyPreimage } from '@mm/protocol/pure';
import { race } from '@mm/rules/families/race';
import { describe, expect, it } from 'vitest';
import {
  dailyCode,
  dailyCommitment,
  dailyPuzzle,
  dailySalt,
  dailySeed,
  dateOfPuzzle,
  isPlayable,
  isRevealed,
  playableNumbers,
  puzzleNumberOf,
  revealTime,
} from './derive';

const SECRET = 'golden-test-secret';

describe('puzzle numbers', () => {
  it('counts local dates from 2026-11-01, which is #1', () => {
    expect(puzzleNumberOf('2026-11-01')).toBe(1);
    expect(puzzleNumberOf('2026-11-30')).toBe(30);
    expect(puzzleNumberOf('2027-03-28')).toBe(148);
    expect(dateOfPuzzle(148)).toBe('2027-03-28');
    expect(() => puzzleNumberOf('tomorrow')).toThrow(RangeError);
  });

  it('accepts only a number that is today somewhere between UTC−12 and UTC+14', () => {
    // 2026-11-26 11:00 UTC: 2026-11-25 23:00 at UTC−12, 2026-11-27 01:00 at UTC+14.
    const now = new Date('2026-11-26T11:00:00Z');
    expect(playableNumbers(now)).toEqual({ min: 25, max: 27 });
    expect(isPlayable(26, now)).toBe(true);
    expect(isPlayable(28, now)).toBe(false);
    expect(isPlayable(24, now)).toBe(false);
    expect(isPlayable(26.5, now)).toBe(false);
    // At 12:00 UTC puzzle 25 has ended everywhere.
    expect(isPlayable(25, new Date('2026-11-26T12:00:00Z'))).toBe(false);
    // Tomorrow's code starts at UTC+14 at 10:00 UTC.
    expect(isPlayable(27, new Date('2026-11-26T09:59:59Z'))).toBe(false);
    expect(isPlayable(27, new Date('2026-11-26T10:00:00Z'))).toBe(true);
  });

  it('reveals day N once it has ended everywhere: N+1 at 12:00 UTC', () => {
    expect(revealTime(25).toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(isRevealed(25, new Date('2026-11-26T11:59:59Z'))).toBe(false);
    expect(isRevealed(25, new Date('2026-11-26T12:00:00Z'))).toBe(true);
  });
});

describe('the attempt seed', () => {
  it("makes the race play the day's code, with a seed of its own per player and day", () => {
    const options = race.optionsSchema.parse({ players: 1, pegs: 4, colours: 6, repeats: true, guesses: 10 });
    expect(race.setup(options, dailySeed(SECRET, 5, 'player-a')).code).toEqual(dailyCode(SECRET, 5));
    expect(dailySeed(SECRET, 5, 'player-a')).not.toBe(dailySeed(SECRET, 5, 'player-b'));
    expect(dailySeed(SECRET, 5, 'player-a')).not.toBe(dailySeed(SECRET, 6, 'player-a'));
  });
});

describe('derivation', () => {
  it('is stable for a fixed secret (golden values)', () => {
    expect([1, 2, 3, 100].map((n) => dailyCode(SECRET, n))).toEqual(GOLDEN_CODES);
    expect(dailySalt(SECRET, 1)).toBe(GOLDEN_SALT_1);
    expect(dailyPuzzle(SECRET, 1).commitment).toBe(GOLDEN_COMMITMENT_1);
  });

  it('gives 4 pegs of 6 colours and differs between secrets and days', () => {
    for (let n = 1; n <= 200; n++) {
      const code = dailyCode(SECRET, n);
      expect(code).toHaveLength(4);
      for (const peg of code) expect(peg !== null && peg >= 0 && peg < 6).toBe(true);
    }
    expect(dailySalt(SECRET, 1)).not.toBe(dailySalt(SECRET, 2));
    expect(dailySalt('another', 1)).not.toBe(dailySalt(SECRET, 1));
  });

  it('publishes a commitment that opens with the code and salt of its own day only', () => {
    const day = dailyPuzzle(SECRET, 7);
    const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
    expect(sha(dailyPreimage(7, day.salt, day.code))).toBe(day.commitment);
    expect(dailyCommitment(8, day.code, day.salt)).not.toBe(day.commitment);
  });
});

// Pinned from the derivation's first run: a change here breaks every published commitment.
const GOLDEN_CODES = [
  [5, 4, 3, 2],
  [2, 4, 4, 0],
  [0, 3, 5, 3],
  [1, 4, 2, 5],
];
const GOLDEN_SALT_1 = '722dbfbcc3bb0716a61746a830caa2976f70badf1373c1ea0a6e9c1654867d90';
const GOLDEN_COMMITMENT_1 = 'f17c316a55719b4494ac6430903295f75ccfc352e4b1be385b825f860820276a';
