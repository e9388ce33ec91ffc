import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import { applyOrThrow } from '../../core/testing';
import { race } from './race';
import { raceOptionsSchema, type RaceAction } from './types';

// A house seed names the code the race draws: 0123.
const SEED = 'house:0123:test';
const CODE: Code = [0, 1, 2, 3];
const WRONG: Code = [5, 5, 5, 5];
const guess = (code: Code): RaceAction => ({ type: 'guess', code });

function statusAfter(input: Record<string, unknown>, moves: [number, RaceAction][]) {
  let state = race.setup(raceOptionsSchema.parse(input), SEED);
  for (const [seat, action] of moves) state = applyOrThrow(race, state, seat, action);
  return race.status(state);
}

describe('race outcome (docs/rules.md §6.1)', () => {
  it('gives the first breaker the win and every other seat the loss, a later breaker too', () => {
    const status = statusAfter({ players: 3, guesses: 8 }, [
      [1, guess(CODE)],
      [0, guess(CODE)],
      ...Array.from({ length: 8 }, (): [number, RaceAction] => [2, guess(WRONG)]),
    ]);
    expect([0, 1, 2].map((seat) => race.outcome(status, [seat]))).toEqual(['lose', 'win', 'lose']);
  });

  it('calls a race nobody broke a draw', () => {
    const status = statusAfter(
      { guesses: 8 },
      Array.from({ length: 16 }, (_, i): [number, RaceAction] => [i % 2, guess(WRONG)]),
    );
    expect([race.outcome(status, [0]), race.outcome(status, [1])]).toEqual(['draw', 'draw']);
  });

  it('places seats by the view’s places, not by a rank of scores (its scores are rows used)', () => {
    expect(race.rank).toBeUndefined();
  });
});
