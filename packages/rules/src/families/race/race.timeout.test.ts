import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import { playClocked } from '../../core/testing-clock';
import { race } from './race';
import { raceOptionsSchema, type RaceAction } from './types';

// A house seed names the code the race draws: 0123.
const SEED = 'house:0123:test';
const CODE: Code = [0, 1, 2, 3];
const WRONG: Code = [5, 5, 5, 5];
const guess = (code: Code): RaceAction => ({ type: 'guess', code });

describe('race turn clock (docs/rules.md §5)', () => {
  const options = raceOptionsSchema.parse({ players: 3 });

  it('gives every racer a clock of its own: a guess restarts the guesser’s, no other', () => {
    expect([...playClocked(race, options, SEED, []).started]).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    const { state, started } = playClocked(race, options, SEED, [{ seat: 1, action: guess(WRONG), at: 40 }]);
    expect(race.turnClock.deadlines(race.status(state), started, 0, 100)).toEqual([
      { seat: 0, at: 100 },
      { seat: 1, at: 140 },
      { seat: 2, at: 100 },
    ]);
  });

  it('stops the clock of a seat that broke the code', () => {
    const { state, started } = playClocked(race, options, SEED, [{ seat: 1, action: guess(CODE), at: 40 }]);
    expect(race.turnClock.deadlines(race.status(state), started, 0, 100).map((d) => d.seat)).toEqual([0, 2]);
  });
});
