import { describe, expect, it } from 'vitest';
import { checkCode } from '../../core/code';
import type { Seat } from '../../core/family';
import { createRng } from '../../core/rng';
import { applyOrThrow, expectRefused } from '../../core/testing';
import { playClocked } from '../../core/testing-clock';
import { rotation } from './rotation';
import { rotationSecretRules } from './pure';
import { rotationOptionsSchema, type RotationAction, type RotationState } from './types';

const start = (players: 3 | 4 | 5 = 3): RotationState => rotation.setup(rotationOptionsSchema.parse({ players }), 'seed');
const act = (state: RotationState, seat: Seat, action: RotationAction): RotationState =>
  applyOrThrow(rotation, state, seat, action);
const round = (state: RotationState) => state.rounds[state.rounds.length - 1]!;
const timeout = (state: RotationState, seat: Seat): RotationState => {
  const action = rotation.timeoutFor(state, seat, createRng('server'));
  if (!action) throw new Error(`seat ${seat} owes nothing`);
  return act(state, seat, action);
};
const S = [0, 1, 2, 3];

describe('rotation timeout (docs/rules.md §5)', () => {
  it('gives the codemaker a random legal secret', () => {
    const s = timeout(start(), 0);
    expect(checkCode(round(s).secret!, rotationSecretRules(s.options))).toBeNull();
    expect(rotation.status(s).toAct).toEqual([1]);
  });

  it("passes a guesser's turn to the next codebreaker; the row is lost, with no points", () => {
    let s = act(start(), 0, { type: 'setSecret', code: S });
    s = timeout(s, 1);
    expect(round(s).missed).toEqual([{ seat: 1, row: 1 }]);
    expect(s.scores).toEqual([0, 0, 0]);
    expect(rotation.status(s).toAct).toEqual([2]);
    s = act(s, 2, { type: 'guess', code: [0, 1, 4, 5] });
    expect(rotation.status(s).toAct).toEqual([1]);
    expect(rotation.view(s, null).rounds[0]?.missed).toEqual([{ seat: 1, row: 1 }]);
    expectRefused(rotation, s, 2, { type: 'timeout' }, 'NOT_YOUR_TURN');
  });

  it('counts lost rows on the codemaker table, and a board of lost rows is a failed round', () => {
    let s = act(start(4), 0, { type: 'setSecret', code: S });
    s = timeout(s, 1);
    s = timeout(s, 2);
    s = act(s, 3, { type: 'guess', code: S });
    expect(s.rounds[0]?.codemakerPoints).toBe(7); // broken on row 3 with 4 players
    expect(s.scores).toEqual([7, 0, 0, 10]);
    s = act(s, 1, { type: 'setSecret', code: S });
    for (let i = 0; i < 12; i++) s = timeout(s, rotation.status(s).toAct[0]!);
    expect(s.rounds[1]?.outcome).toBe('failed');
    expect(s.rounds[1]?.codemakerPoints).toBe(30);
  });

  it('refuses a code on a guesser timeout and a timeout without one on a secret', () => {
    const s = start();
    expectRefused(rotation, s, 0, { type: 'timeout' }, 'INVALID_ACTION');
    const t = act(s, 0, { type: 'setSecret', code: S });
    expectRefused(rotation, t, 1, { type: 'timeout', code: S }, 'INVALID_ACTION');
  });
});

describe('rotation turn clock (docs/rules.md §5)', () => {
  const options = rotationOptionsSchema.parse({});

  it('starts each seat’s clock when its move becomes owed: the codemaker’s at the start, each guesser’s at the row before', () => {
    expect([...playClocked(rotation, options, 'seed', []).started]).toEqual([[0, 0]]);
    const { state, started } = playClocked(rotation, options, 'seed', [
      { seat: 0, action: { type: 'setSecret', code: S }, at: 10 },
      { seat: 1, action: { type: 'guess', code: [5, 5, 5, 5] }, at: 25 },
    ]);
    expect([...started]).toEqual([[2, 25]]);
    expect(rotation.turnClock.deadlines(rotation.status(state), started, 0, 100)).toEqual([{ seat: 2, at: 125 }]);
  });

  it('counts a clock from the moment the table was full when that came later', () => {
    const { state, started } = playClocked(rotation, options, 'seed', []);
    expect(rotation.turnClock.deadlines(rotation.status(state), started, 60, 100)).toEqual([{ seat: 0, at: 160 }]);
  });
});
