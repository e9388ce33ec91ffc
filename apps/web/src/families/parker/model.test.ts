import { describe, expect, it } from 'vitest';
import {
  parker,
  parkerOptionsSchema,
  type ParkerAction,
  type ParkerOptionsInput,
  type ParkerState,
} from '@mm/rules/families/parker';
import { currentGame, earlierGames, gameEnd, moveNumber, otherSeat, resultFor } from './model';
import { turnOf, waitsFor } from '../shared/turn';

/** Plays actions through the real rules and returns what `viewer` sees after them. */
function play(input: ParkerOptionsInput, actions: [number, ParkerAction][]) {
  let state: ParkerState = parker.setup(parkerOptionsSchema.parse(input), 'seed');
  for (const [seat, action] of actions) {
    const r = parker.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return { view: (viewer: number | null) => parker.view(state, viewer), status: parker.status(state) };
}

const secret = (code: number[]): ParkerAction => ({ type: 'setSecret', code });
const guess = (code: number[]): ParkerAction => ({ type: 'guess', code });

describe('parker model', () => {
  it('waits for both secrets at once, then for one guess at a time', () => {
    let g = play({}, []);
    let turn = turnOf(g.status);
    expect(turn).toMatchObject({ kind: 'secret', actors: [0, 1] });
    expect(waitsFor(turn, 0) && waitsFor(turn, 1)).toBe(true);
    expect(waitsFor(turn, null)).toBe(false);
    expect(otherSeat(0)).toBe(1);

    g = play({}, [[1, secret([0, 1, 2])]]);
    turn = turnOf(g.status);
    expect(turn).toMatchObject({ kind: 'secret', actors: [0] });
    expect(waitsFor(turn, 1)).toBe(false);

    g = play({}, [
      [1, secret([0, 1, 2])],
      [0, secret([3, 4, 5])],
    ]);
    expect(turnOf(g.status)).toMatchObject({ kind: 'guess', actor: 0 });
    expect(moveNumber(currentGame(g.view(0))!)).toBe(1);

    g = play({}, [
      [1, secret([0, 1, 2])],
      [0, secret([3, 4, 5])],
      [0, guess([0, 0, 0])],
    ]);
    expect(turnOf(g.status)).toMatchObject({ kind: 'guess', actor: 1 });
    expect(moveNumber(currentGame(g.view(0))!)).toBe(1);
  });

  it('ends a game after the move in which a code was broken', () => {
    const g = play({}, [
      [0, secret([3, 4, 5])],
      [1, secret([0, 1, 2])],
      [0, guess([0, 0, 0])],
      [1, guess([0, 0, 0])],
      [0, guess([0, 1, 2])],
      [1, guess([1, 1, 1])],
    ]);
    const v = g.view(0);
    const game = currentGame(v)!;
    expect(turnOf(g.status)).toMatchObject({ kind: 'finished' });
    expect(moveNumber(game)).toBe(2);
    expect(gameEnd(game)).toEqual({ kind: 'won', winner: 0, move: 2 });
    expect(resultFor(g.status, 1)).toBe('lose');
  });

  it('calls a game broken by both in the same move a draw, and moves on to the next game of a series', () => {
    const g = play({ games: 3 }, [
      [0, secret([3, 4, 5])],
      [1, secret([0, 1, 2])],
      [0, guess([0, 1, 2])],
      [1, guess([3, 4, 5])],
    ]);
    const v = g.view(1);
    const [first] = earlierGames(v);
    expect(gameEnd(first!)).toEqual({ kind: 'bothBroken', move: 1 });
    // game 2 is opened by seat 1 once both secrets are set
    expect(currentGame(v)!.number).toBe(2);
    expect(turnOf(g.status)).toMatchObject({ kind: 'secret', actors: [0, 1] });
  });

  it('calls a game nobody broke in 8 moves a draw', () => {
    const g = play({}, [
      [0, secret([3, 4, 5])],
      [1, secret([0, 1, 2])],
      ...Array.from({ length: 8 }, (): [number, ParkerAction][] => [
        [0, guess([5, 5, 5])],
        [1, guess([0, 0, 0])],
      ]).flat(),
    ]);
    expect(gameEnd(currentGame(g.view(0))!)).toEqual({ kind: 'neitherBroken', moves: 8 });
    expect(resultFor(g.status, 0)).toBe('draw');
  });
});
