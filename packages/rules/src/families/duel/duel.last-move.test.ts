import { describe, expect, it } from 'vitest';
import { lastMoveAfter } from '../../core/testing-clock';
import { duel } from './duel';
import { duelOptionsSchema, type DuelAction, type DuelOptionsInput } from './types';

const lastMove = (input: DuelOptionsInput, moves: [number, DuelAction][], viewer: number | null = 0) =>
  lastMoveAfter(duel, duelOptionsSchema.parse(input), 'seed', moves, viewer);
const secret = (code: number[]): DuelAction => ({ type: 'setSecret', code });
const guess = (code: number[]): DuelAction => ({ type: 'guess', code });

describe('duel lastMove', () => {
  it('is nothing before the first action', () => {
    expect(lastMove({}, [])).toBeNull();
  });

  it('reads a secret set, then the row a guess filled', () => {
    expect(lastMove({}, [[0, secret([0, 1, 2, 3])]], 1)).toEqual({ kind: 'secret', seat: 0, round: 0 });
    expect(
      lastMove({}, [
        [0, secret([0, 1, 2, 3])],
        [1, guess([0, 0, 0, 0])],
      ]),
    ).toEqual({ kind: 'guess', seat: 1, round: 0, row: 1 });
  });

  it('reads the guess that broke the code in the round it ended, once the next round is open', () => {
    expect(
      lastMove(
        {},
        [
          [0, secret([0, 1, 2, 3])],
          [1, guess([0, 1, 2, 3])],
        ],
        1,
      ),
    ).toEqual({ kind: 'guess', seat: 1, round: 0, row: 1 });
  });

  it('reads a hand score as the codemaker’s move on the row it scored', () => {
    expect(
      lastMove({ handScoring: true }, [
        [0, secret([0, 1, 2, 3])],
        [1, guess([3, 2, 1, 0])],
        [0, { type: 'score', black: 0, white: 4 }],
      ]),
    ).toEqual({ kind: 'score', seat: 0, round: 0, row: 1 });
  });

  it('reads the last guess of a finished match', () => {
    expect(
      lastMove({}, [
        [0, secret([0, 1, 2, 3])],
        [1, guess([0, 1, 2, 3])],
        [1, secret([0, 1, 2, 3])],
        [0, guess([0, 1, 2, 3])],
      ]),
    ).toEqual({ kind: 'guess', seat: 0, round: 1, row: 1 });
  });
});
