import { describe, expect, it } from 'vitest';
import { duel, duelOptionsSchema, type DuelAction, type DuelOptionsInput, type DuelState } from '@mm/rules/families/duel';
import { currentRound, earlierRounds, resultFor, roleOf } from './model';
import { turnOf } from '../shared/turn';

/** Plays actions through the real rules and returns what `viewer` sees after them. */
function play(input: DuelOptionsInput, actions: [number, DuelAction][]) {
  let state: DuelState = duel.setup(duelOptionsSchema.parse(input), 'seed');
  for (const [seat, action] of actions) {
    const r = duel.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return { view: (viewer: number | null) => duel.view(state, viewer), status: duel.status(state) };
}

const secret = (code: number[]): DuelAction => ({ type: 'setSecret', code });
const guess = (code: number[]): DuelAction => ({ type: 'guess', code });

describe('duel model', () => {
  it('starts with the codemaker setting the secret', () => {
    const g = play({}, []);
    const v = g.view(1);
    expect(turnOf(g.status)).toMatchObject({ kind: 'secret', actor: 0 });
    expect(roleOf(currentRound(v), 0)).toBe('codemaker');
    expect(roleOf(currentRound(v), 1)).toBe('codebreaker');
    expect(roleOf(currentRound(v), null)).toBeNull();
  });

  it('follows secret, guesses, and the next round', () => {
    let g = play({}, [[0, secret([0, 1, 2, 3])]]);
    expect(turnOf(g.status)).toMatchObject({ kind: 'guess', actor: 1 });

    g = play({}, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([0, 0, 0, 0])],
    ]);
    expect(turnOf(g.status)).toMatchObject({ kind: 'guess', actor: 1 });

    g = play({}, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([0, 1, 2, 3])],
    ]);
    const v = g.view(1);
    // round 1 broken on row 1; round 2 waits for seat 1's secret
    expect(turnOf(g.status)).toMatchObject({ kind: 'secret', actor: 1 });
    expect(earlierRounds(v).map((r) => r.number)).toEqual([1]);
  });

  it('hand scoring waits for the codemaker', () => {
    const g = play({ handScoring: true }, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([3, 2, 1, 0])],
    ]);
    expect(turnOf(g.status)).toMatchObject({ kind: 'score', actor: 0 });
    const h = play({ handScoring: true }, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([3, 2, 1, 0])],
      [0, { type: 'score', black: 0, white: 4 }],
    ]);
    expect(turnOf(h.status)).toMatchObject({ kind: 'guess', actor: 1 });
  });

  it('gives each seat its result at the end', () => {
    const g = play({}, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([0, 1, 2, 3])],
      [1, secret([0, 1, 2, 3])],
      [0, guess([0, 1, 2, 3])],
    ]);
    expect(turnOf(g.status)).toMatchObject({ kind: 'finished' });
    expect(resultFor(g.status, 0)).toBe('draw');
    expect(resultFor(g.status, null)).toBeNull();
    expect(earlierRounds(g.view(0)).map((r) => r.number)).toEqual([1]);

    const w = play({ guesses: 8 }, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([0, 1, 2, 3])],
      [1, secret([0, 1, 2, 3])],
      ...Array.from({ length: 8 }, (): [number, DuelAction] => [0, guess([5, 5, 5, 5])]),
    ]);
    expect(resultFor(w.status, 1)).toBe('win');
    expect(resultFor(w.status, 0)).toBe('lose');
  });
});
