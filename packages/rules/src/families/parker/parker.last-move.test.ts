import { describe, expect, it } from 'vitest';
import { applyOrThrow } from '../../core/testing';
import { parker } from './parker';
import { parkerOptionsSchema, type ParkerAction, type ParkerOptionsInput } from './types';

/** Plays actions through the rules; the last move as `viewer` reads it, with the snapshot's `last`. */
function lastMoveAfter(input: ParkerOptionsInput, actions: [number, ParkerAction][], viewer: number | null = 0) {
  let state = parker.setup(parkerOptionsSchema.parse(input), 'seed');
  for (const [seat, action] of actions) state = applyOrThrow(parker, state, seat, action);
  const a = actions[actions.length - 1];
  return parker.lastMove(parker.view(state, viewer), a ? { seq: actions.length, seat: a[0], type: a[1].type } : null);
}
const secret = (code: number[]): ParkerAction => ({ type: 'setSecret', code });
const guess = (code: number[]): ParkerAction => ({ type: 'guess', code });

describe('parker lastMove', () => {
  it('is nothing before the first action', () => {
    expect(lastMoveAfter({}, [])).toBeNull();
  });

  it('reads a secret set, then the move a guess made', () => {
    expect(lastMoveAfter({}, [[1, secret([0, 1, 2])]])).toEqual({ kind: 'secret', seat: 1, game: 0 });
    expect(
      lastMoveAfter(
        {},
        [
          [1, secret([0, 1, 2])],
          [0, secret([3, 4, 5])],
          [0, guess([0, 0, 0])],
        ],
        1,
      ),
    ).toEqual({ kind: 'guess', seat: 0, game: 0, move: 1 });
  });

  it('reads the guess that ended a game in that game, once the next one is open', () => {
    expect(
      lastMoveAfter(
        { games: 3 },
        [
          [0, secret([3, 4, 5])],
          [1, secret([0, 1, 2])],
          [0, guess([0, 1, 2])],
          [1, guess([3, 4, 5])],
        ],
        1,
      ),
    ).toEqual({ kind: 'guess', seat: 1, game: 0, move: 1 });
  });

  it('reads the last guess of a finished match', () => {
    expect(
      lastMoveAfter({}, [
        [0, secret([3, 4, 5])],
        [1, secret([0, 1, 2])],
        [0, guess([0, 0, 0])],
        [1, guess([0, 0, 0])],
        [0, guess([0, 1, 2])],
        [1, guess([1, 1, 1])],
      ]),
    ).toEqual({ kind: 'guess', seat: 1, game: 0, move: 2 });
  });
});
