import { describe, expect, it } from 'vitest';
import { applyOrThrow } from '../../core/testing';
import { parker } from './parker';
import { parkerGameOutcome } from './pure';
import { parkerOptionsSchema, type ParkerAction, type ParkerOptionsInput } from './types';

function stateAfter(input: ParkerOptionsInput, actions: [number, ParkerAction][]) {
  let state = parker.setup(parkerOptionsSchema.parse(input), 'seed');
  for (const [seat, action] of actions) state = applyOrThrow(parker, state, seat, action);
  return state;
}
const secret = (code: number[]): ParkerAction => ({ type: 'setSecret', code });
const guess = (code: number[]): ParkerAction => ({ type: 'guess', code });
const secrets: [number, ParkerAction][] = [
  [0, secret([3, 4, 5])],
  [1, secret([0, 1, 2])],
];

describe('parker outcome (docs/rules.md §3)', () => {
  it('gives the seat that broke the code first the game and the match', () => {
    const state = stateAfter({}, [
      ...secrets,
      [0, guess([0, 0, 0])],
      [1, guess([0, 0, 0])],
      [0, guess([0, 1, 2])],
      [1, guess([1, 1, 1])],
    ]);
    const status = parker.status(state);
    expect([parker.outcome(status, [0]), parker.outcome(status, [1])]).toEqual(['win', 'lose']);
    const game = parker.view(state, null).games[0]!;
    expect([parkerGameOutcome(game, 0), parkerGameOutcome(game, 1)]).toEqual(['win', 'lose']);
  });

  it('calls a game broken by both in the same move a draw, and a game still played nothing yet', () => {
    const state = stateAfter({ games: 3 }, [...secrets, [0, guess([0, 1, 2])], [1, guess([3, 4, 5])]]);
    const [first, second] = parker.view(state, 0).games;
    expect([parkerGameOutcome(first!, 0), parkerGameOutcome(first!, 1)]).toEqual(['draw', 'draw']);
    expect(parkerGameOutcome(second!, 0)).toBeNull();
  });

  it('calls a match nobody broke in 8 moves a draw', () => {
    const state = stateAfter({}, [
      ...secrets,
      ...Array.from({ length: 8 }, (): [number, ParkerAction][] => [
        [0, guess([5, 5, 5])],
        [1, guess([0, 0, 0])],
      ]).flat(),
    ]);
    expect(parker.outcome(parker.status(state), [0])).toBe('draw');
  });

  it('places only the winner, not every seat', () => {
    expect(parker.rank).toBeUndefined();
  });
});
