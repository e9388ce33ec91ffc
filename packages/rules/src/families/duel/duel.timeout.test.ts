import { describe, expect, it } from 'vitest';
import { checkCode } from '../../core/code';
import type { Seat } from '../../core/family';
import { createRng } from '../../core/rng';
import { applyOrThrow, expectRefused } from '../../core/testing';
import { playClocked } from '../../core/testing-clock';
import { duel } from './duel';
import { duelSecretRules } from './pure';
import { duelOptionsSchema, type DuelAction, type DuelOptionsInput, type DuelState } from './types';

const start = (input: DuelOptionsInput = {}): DuelState => duel.setup(duelOptionsSchema.parse(input), 'seed');
const act = (state: DuelState, seat: Seat, action: DuelAction): DuelState => applyOrThrow(duel, state, seat, action);
const round = (state: DuelState) => state.rounds[state.rounds.length - 1]!;
const timeout = (state: DuelState, seat: Seat): DuelState => {
  const action = duel.timeoutFor(state, seat, createRng(`t/${state.rounds.length}/${round(state).rows.length}`));
  if (!action) throw new Error(`seat ${seat} owes nothing`);
  return act(state, seat, action);
};

const S = [0, 1, 2, 3];
const MISS = [4, 5, 4, 5];

describe('duel timeout (docs/rules.md §5)', () => {
  it('gives a codemaker without a secret a random legal one, drawn from the rng the server hands in', () => {
    const state = start();
    const action = duel.timeoutFor(state, 0, createRng('server-random'));
    expect(action?.type).toBe('timeout');
    const code = action?.type === 'timeout' ? action.code : undefined;
    expect(code && checkCode(code, duelSecretRules(state.options))).toBeNull();
    // the same rng gives the same secret: the randomness is the server's, the rule is deterministic
    expect(duel.timeoutFor(state, 0, createRng('server-random'))).toEqual(action);
    const after = act(state, 0, action!);
    expect(round(after).secret).toEqual(code);
    expect(duel.status(after).toAct).toEqual([1]);
  });

  it('refuses a secret timeout without a code, or with an illegal one', () => {
    const state = start();
    expectRefused(duel, state, 0, { type: 'timeout' }, 'INVALID_ACTION');
    expectRefused(duel, state, 0, { type: 'timeout', code: [0, 0, 1, 2] }, 'INVALID_CODE');
  });

  it('makes the codebreaker lose the row: it counts as used, with no guess, and the turn comes back', () => {
    let s = act(start(), 0, { type: 'setSecret', code: S });
    s = act(s, 1, { type: 'guess', code: MISS });
    s = timeout(s, 1);
    expect(round(s).rows).toHaveLength(1);
    expect(round(s).missed).toEqual([2]);
    expect(duel.view(s, null).rounds[0]?.missed).toEqual([2]);
    expect(duel.status(s).toAct).toEqual([1]);
    expectRefused(duel, s, 1, { type: 'timeout', code: S }, 'INVALID_ACTION');
  });

  it('ends a round whose last row is lost as a failure, the codemaker scoring the guess limit + 1', () => {
    let s = act(start({ scoring: 'points', guesses: 8 }), 0, { type: 'setSecret', code: S });
    for (let i = 0; i < 8; i++) s = timeout(s, 1);
    const first = s.rounds[0]!;
    expect(first.outcome).toBe('failed');
    expect(first.missed).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(s.scores).toEqual([9, 0]);
    expect(duel.status(s).toAct).toEqual([1]); // round 2: seat 1 makes the code
  });

  it('counts lost rows in the row a code is broken on (codemaker points)', () => {
    let s = act(start({ scoring: 'points' }), 0, { type: 'setSecret', code: S });
    s = timeout(s, 1);
    s = timeout(s, 1);
    s = act(s, 1, { type: 'guess', code: S });
    expect(s.rounds[0]?.outcome).toBe('broken');
    expect(s.scores).toEqual([3, 0]);
  });

  it('enters the true score for a hand-scoring codemaker who runs out of time, so the round is not faulty', () => {
    let s = act(start({ handScoring: true, scoring: 'points' }), 0, { type: 'setSecret', code: S });
    s = act(s, 1, { type: 'guess', code: [0, 1, 4, 5] });
    expect(duel.timeoutFor(s, 0, createRng('x'))).toEqual({ type: 'timeout' });
    s = timeout(s, 0);
    expect(round(s).rows[0]?.score).toEqual({ black: 2, white: 0 });
    s = act(s, 1, { type: 'guess', code: S });
    s = timeout(s, 0);
    expect(s.rounds[0]?.outcome).toBe('broken');
    expect(s.rounds[0]?.faulty).toBe(false);
  });

  it('offers no timeout to a seat that owes nothing, and refuses one from it', () => {
    const s = start();
    expect(duel.timeoutFor(s, 1, createRng('x'))).toBeNull();
    expect(duel.timeoutFor(s, 2, createRng('x'))).toBeNull();
    expectRefused(duel, s, 1, { type: 'timeout' }, 'NOT_YOUR_TURN');
    expectRefused(duel, s, 5, { type: 'timeout' }, 'NOT_A_PLAYER');
  });

  it('offers nothing once the match is over', () => {
    let s = start({ guesses: 8 });
    while (!s.finished) s = timeout(s, duel.status(s).toAct[0]!);
    expect(duel.timeoutFor(s, 0, createRng('x'))).toBeNull();
    expectRefused(duel, s, 0, { type: 'timeout' }, 'MATCH_FINISHED');
  });
});

describe('duel turn clock (docs/rules.md §5)', () => {
  const options = duelOptionsSchema.parse({});

  it('starts the codemaker’s clock at the match’s start, and the codebreaker’s once the secret is set', () => {
    expect([...playClocked(duel, options, 'seed', []).started]).toEqual([[0, 0]]);
    const { state, started } = playClocked(duel, options, 'seed', [{ seat: 0, action: { type: 'setSecret', code: S }, at: 40 }]);
    expect([...started]).toEqual([[1, 40]]);
    expect(duel.turnClock.deadlines(duel.status(state), started, 0, 100)).toEqual([{ seat: 1, at: 140 }]);
  });

  it('restarts the codebreaker’s clock with each of its guesses', () => {
    const { started } = playClocked(duel, options, 'seed', [
      { seat: 0, action: { type: 'setSecret', code: S }, at: 40 },
      { seat: 1, action: { type: 'guess', code: MISS }, at: 90 },
    ]);
    expect([...started]).toEqual([[1, 90]]);
  });

  it('gives no deadline once the match is over', () => {
    const { state, started } = playClocked(duel, options, 'seed', [
      { seat: 0, action: { type: 'setSecret', code: S }, at: 1 },
      { seat: 1, action: { type: 'guess', code: S }, at: 2 },
      { seat: 1, action: { type: 'setSecret', code: S }, at: 3 },
      { seat: 0, action: { type: 'guess', code: S }, at: 4 },
    ]);
    expect(duel.turnClock.deadlines(duel.status(state), started, 0, 100)).toEqual([]);
  });
});
