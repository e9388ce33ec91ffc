import { describe, expect, it } from 'vitest';
import { lastMoveAfter } from '../../core/testing-clock';
import { rotation } from './rotation';
import { rotationOptionsSchema, type RotationAction } from './types';

const lastMove = (moves: [number, RotationAction][], viewer: number | null = 0) =>
  lastMoveAfter(rotation, rotationOptionsSchema.parse({}), 'seed', moves, viewer);
const secret = (code: number[]): RotationAction => ({ type: 'setSecret', code });
const guess = (code: number[]): RotationAction => ({ type: 'guess', code });

describe('rotation lastMove', () => {
  it('is nothing before the first action', () => {
    expect(lastMove([], 1)).toBeNull();
  });

  it('reads a secret set, then a row with the points it earned', () => {
    expect(lastMove([[0, secret([0, 1, 2, 3])]], 2)).toEqual({ kind: 'secret', seat: 0, round: 0 });
    // 2 blacks, 2 whites: 2×2 + 2 = 6 points
    expect(
      lastMove([
        [0, secret([0, 1, 2, 3])],
        [1, guess([0, 1, 3, 2])],
      ]),
    ).toEqual({ kind: 'guess', seat: 1, round: 0, row: 1, points: 6 });
  });

  it('reads the breaking row in the round it ended, once the next round is open', () => {
    expect(
      lastMove([
        [0, secret([0, 1, 2, 3])],
        [1, guess([5, 5, 5, 5])],
        [2, guess([0, 1, 2, 3])],
      ]),
    ).toEqual({ kind: 'guess', seat: 2, round: 0, row: 2, points: 10 });
  });

  it('reads the last row of a finished match', () => {
    expect(
      lastMove([
        [0, secret([0, 1, 2, 3])],
        [1, guess([0, 1, 2, 3])],
        [1, secret([0, 1, 2, 3])],
        [2, guess([0, 1, 2, 3])],
        [2, secret([0, 1, 2, 3])],
        [0, guess([0, 1, 2, 3])],
      ]),
    ).toEqual({ kind: 'guess', seat: 0, round: 2, row: 1, points: 10 });
  });
});
