import { describe, expect, it } from 'vitest';
import {
  rotation,
  rotationOptionsSchema,
  type RotationAction,
  type RotationOptionsInput,
  type RotationState,
} from '@mm/rules/families/rotation';
import {
  codemakerStake,
  placeOf,
  codemakerTable,
  currentRound,
  earlierRounds,
  ranking,
  resultFor,
  roleOf,
  upcoming,
} from './model';
import { turnOf } from '../shared/turn';

/** Plays actions through the real rules and returns what `viewer` sees after them. */
function play(input: RotationOptionsInput, actions: [number, RotationAction][]) {
  let state: RotationState = rotation.setup(rotationOptionsSchema.parse(input), 'seed');
  for (const [seat, action] of actions) {
    const r = rotation.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return { view: (viewer: number | null) => rotation.view(state, viewer), status: rotation.status(state) };
}

const secret = (code: number[]): RotationAction => ({ type: 'setSecret', code });
const guess = (code: number[]): RotationAction => ({ type: 'guess', code });

describe('rotation model', () => {
  it('starts with seat A setting the secret, then the others guess in turn', () => {
    let g = play({}, []);
    expect(turnOf(g.status)).toMatchObject({ kind: 'secret', actor: 0 });
    expect(roleOf(currentRound(g.view(1)), 0)).toBe('codemaker');
    expect(roleOf(currentRound(g.view(1)), 2)).toBe('codebreaker');
    expect(roleOf(currentRound(g.view(1)), null)).toBeNull();

    g = play({}, [[0, secret([0, 1, 2, 3])]]);
    const v = g.view(2);
    expect(turnOf(g.status)).toMatchObject({ kind: 'guess', actor: 1 });
    expect(upcoming(currentRound(v)!, 3)).toEqual([2]);
    expect(codemakerStake(v, currentRound(v)!)).toBe(5);

    g = play({}, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([0, 1, 3, 2])],
    ]);
    expect(turnOf(g.status)).toMatchObject({ kind: 'guess', actor: 2 });
    // 2 blacks, 2 whites: 2×2 + 2 = 6 points
    expect(codemakerStake(g.view(0), currentRound(g.view(0))!)).toBe(6);
  });

  it('opens the next round when the code is broken', () => {
    const g = play({}, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([5, 5, 5, 5])],
      [2, guess([0, 1, 2, 3])],
    ]);
    const v = g.view(0);
    expect(currentRound(v)!.number).toBe(2);
    expect(earlierRounds(v).map((r) => r.number)).toEqual([1]);
    expect(turnOf(g.status)).toMatchObject({ kind: 'secret', actor: 1 });
    // the codemaker scored 6 for a code broken on row 2
    expect(g.status.scores).toEqual([6, 0, 10]);
  });

  it('ranks seats with shared places and gives each its result', () => {
    expect(ranking([6, 0, 10])).toEqual([
      { seat: 2, score: 10, rank: 1 },
      { seat: 0, score: 6, rank: 2 },
      { seat: 1, score: 0, rank: 3 },
    ]);
    expect(ranking([4, 4, 1]).map((r) => r.rank)).toEqual([1, 1, 3]);

    const g = play({}, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([0, 1, 2, 3])],
      [1, secret([0, 1, 2, 3])],
      [2, guess([0, 1, 2, 3])],
      [2, secret([0, 1, 2, 3])],
      [0, guess([0, 1, 2, 3])],
    ]);
    // every seat: 10 for a break + 5 as codemaker
    expect(g.status.scores).toEqual([15, 15, 15]);
    expect(turnOf(g.status)).toMatchObject({ kind: 'finished' });
    expect(resultFor(g.status, 0)).toBe('draw');
    expect(resultFor(g.status, null)).toBeNull();
    expect(earlierRounds(g.view(0)).map((r) => r.number)).toEqual([1, 2]);

    const w = play({}, [
      [0, secret([0, 1, 2, 3])],
      [1, guess([0, 1, 2, 3])],
      [1, secret([0, 1, 2, 3])],
      [2, guess([0, 1, 2, 4])],
      [0, guess([0, 1, 2, 3])],
    ]);
    expect(w.status.finished).toBe(false);
    expect(resultFor(w.status, 0)).toBeNull();
  });

  it('cuts the codemaker table at the guess limit and keeps the failure figure', () => {
    const t = codemakerTable(rotationOptionsSchema.parse({ players: 4, guesses: 8 }));
    expect(t).toHaveLength(9);
    expect(t[7]).toEqual({ row: 8, points: 16 });
    expect(t[8]).toEqual({ row: null, points: 30 });
  });
});

describe('placeOf', () => {
  it('ranks a seat among all, with ties', () => {
    expect(placeOf([30, 22, 22], 1)).toEqual({ place: 2, tied: true, count: 3 });
    expect(placeOf([30, 22, 18], 2)).toEqual({ place: 3, tied: false, count: 3 });
    expect(placeOf([30, 30, 18, 5], 0)).toEqual({ place: 1, tied: true, count: 4 });
  });
});
