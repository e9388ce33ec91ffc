import { describe, expect, it } from 'vitest';
import { lastMoveAfter } from '../../core/testing-clock';
import { parker } from './parker';
import { parkerOptionsSchema, type ParkerAction, type ParkerOptionsInput } from './types';

const lastMove = (input: ParkerOptionsInput, moves: [number, ParkerAction][], viewer: number | null = 0) =>
  lastMoveAfter(parker, parkerOptionsSchema.parse(input), 'seed', moves, viewer);
const secret = (code: number[]): ParkerAction => ({ type: 'setSecret', code });
const guess = (code: number[]): ParkerAction => ({ type: 'guess', code });

describe('parker lastMove', () => {
  it('is nothing before the first action', () => {
    expect(lastMove({}, [])).toBeNull();
  });

  it('reads a secret set, then the move a guess made', () => {
    expect(lastMove({}, [[1, secret([0, 1, 2])]])).toEqual({ kind: 'secret', seat: 1, game: 0 });
    expect(
      lastMove(
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
      lastMove(
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
      lastMove({}, [
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
