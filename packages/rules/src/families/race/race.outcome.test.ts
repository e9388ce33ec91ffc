import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import { applyOrThrow, playClocked } from '../../core/testing';
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

describe('race lastMove', () => {
  it('reads the row the acting seat just used on its own board, a guess or a row lost to the timer', () => {
    let state = race.setup(raceOptionsSchema.parse({ players: 3 }), SEED);
    expect(race.lastMove(race.view(state, 0), null)).toBeNull();
    state = applyOrThrow(race, state, 1, guess(WRONG));
    expect(race.lastMove(race.view(state, 0), { seq: 1, seat: 1, type: 'guess' })).toEqual({ seat: 1, kind: 'guess', row: 1 });
    state = applyOrThrow(race, state, 1, { type: 'timeout' });
    expect(race.lastMove(race.view(state, 0), { seq: 2, seat: 1, type: 'timeout' })).toEqual({
      seat: 1,
      kind: 'timeout',
      row: 2,
    });
  });
});

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
