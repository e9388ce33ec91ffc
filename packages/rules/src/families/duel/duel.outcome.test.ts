import { describe, expect, it } from 'vitest';
import { applyOrThrow } from '../../core/testing';
import { duel } from './duel';
import { duelOptionsSchema, type DuelAction, type DuelOptionsInput, type DuelState } from './types';

function play(input: DuelOptionsInput, actions: [number, DuelAction][]): DuelState {
  let state = duel.setup(duelOptionsSchema.parse(input), 'seed');
  for (const [seat, action] of actions) state = applyOrThrow(duel, state, seat, action);
  return state;
}
const secret = (code: number[]): DuelAction => ({ type: 'setSecret', code });
const guess = (code: number[]): DuelAction => ({ type: 'guess', code });

describe('duel outcome (docs/rules.md §1)', () => {
  it('gives the seat with more points the win and the other the loss', () => {
    const status = duel.status(
      play({ guesses: 8 }, [
        [0, secret([0, 1, 2, 3])],
        [1, guess([0, 1, 2, 3])],
        [1, secret([0, 1, 2, 3])],
        ...Array.from({ length: 8 }, (): [number, DuelAction] => [0, guess([5, 5, 5, 5])]),
      ]),
    );
    expect(duel.outcome(status, [1])).toBe('win');
    expect(duel.outcome(status, [0])).toBe('lose');
  });

  it('calls equal points a draw for both', () => {
    const status = duel.status(
      play({}, [
        [0, secret([0, 1, 2, 3])],
        [1, guess([0, 1, 2, 3])],
        [1, secret([0, 1, 2, 3])],
        [0, guess([0, 1, 2, 3])],
      ]),
    );
    expect([duel.outcome(status, [0]), duel.outcome(status, [1])]).toEqual(['draw', 'draw']);
  });

  it('places only the winner, not every seat', () => {
    expect(duel.rank).toBeUndefined();
  });
});
