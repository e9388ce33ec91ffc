import { describe, expect, it } from 'vitest';
import { checkCode } from '../../core/code';
import type { Seat } from '../../core/family';
import { createRng } from '../../core/rng';
import { applyOrThrow, expectRefused } from '../../core/testing';
import { playClocked } from '../../core/testing-clock';
import { parker } from './parker';
import { PARKER_MOVES, parkerSecretRules } from './pure';
import { parkerOptionsSchema, type ParkerAction, type ParkerState } from './types';

const start = (): ParkerState => parker.setup(parkerOptionsSchema.parse({}), 'seed');
const act = (state: ParkerState, seat: Seat, action: ParkerAction): ParkerState => applyOrThrow(parker, state, seat, action);
const game = (state: ParkerState) => state.games[state.games.length - 1]!;
const timeout = (state: ParkerState, seat: Seat): ParkerState => {
  const action = parker.timeoutFor(state, seat, createRng(`server/${seat}`));
  if (!action) throw new Error(`seat ${seat} owes nothing`);
  return act(state, seat, action);
};
const A = [0, 1, 2];
const B = [3, 4, 5];

describe('parker timeout (docs/rules.md §5)', () => {
  it('gives each seat without a secret a random legal one, in any order', () => {
    let s = timeout(start(), 1);
    expect(checkCode(game(s).secrets[1]!, parkerSecretRules(s.options))).toBeNull();
    expect(parker.status(s).toAct).toEqual([0]);
    s = timeout(s, 0);
    expect(parker.status(s).toAct).toEqual([0]);
  });

  it('makes a seat lose the move number it ran out of time in, and the other seat moves', () => {
    let s = act(act(start(), 0, { type: 'setSecret', code: A }), 1, { type: 'setSecret', code: B });
    s = timeout(s, 0);
    expect(game(s).missed).toEqual([[1], []]);
    expect(parker.status(s).toAct).toEqual([1]);
    s = act(s, 1, { type: 'guess', code: [5, 5, 5] });
    expect(parker.view(s, null).games[0]?.moves).toBe(1);
    s = act(s, 0, { type: 'guess', code: B });
    s = timeout(s, 1);
    // seat 0 broke in move 2 (its first guess, after a lost move 1); seat 1 did not
    expect(game(s).outcome).toBe('won');
    expect(game(s).winner).toBe(0);
    expect(parker.view(s, null).games[0]?.brokenAt).toEqual([2, null]);
  });

  it('ends a game of lost moves as a draw after move 8', () => {
    let s = act(act(start(), 0, { type: 'setSecret', code: A }), 1, { type: 'setSecret', code: B });
    for (let i = 0; i < 2 * PARKER_MOVES; i++) s = timeout(s, parker.status(s).toAct[0]!);
    expect(s.finished).toBe(true);
    expect(s.games[0]?.outcome).toBe('draw');
    expect(s.games[0]?.missed).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8],
      [1, 2, 3, 4, 5, 6, 7, 8],
    ]);
  });

  it('refuses a timeout from the seat that is not to guess', () => {
    const s = act(act(start(), 0, { type: 'setSecret', code: A }), 1, { type: 'setSecret', code: B });
    expect(parker.timeoutFor(s, 1, createRng('x'))).toBeNull();
    expectRefused(parker, s, 1, { type: 'timeout' }, 'NOT_YOUR_TURN');
    expectRefused(parker, s, 0, { type: 'timeout', code: A }, 'INVALID_ACTION');
  });
});

describe('parker turn clock (docs/rules.md §5)', () => {
  const options = parkerOptionsSchema.parse({});

  it('gives both seats owing a secret a clock of their own, which the other’s secret does not restart', () => {
    expect([...playClocked(parker, options, 'seed', []).started]).toEqual([
      [0, 0],
      [1, 0],
    ]);
    const { state, started } = playClocked(parker, options, 'seed', [
      { seat: 1, action: { type: 'setSecret', code: A }, at: 70 },
    ]);
    expect([...started]).toEqual([[0, 0]]);
    expect(parker.turnClock.deadlines(parker.status(state), started, 0, 100)).toEqual([{ seat: 0, at: 100 }]);
  });

  it('starts the first guesser’s clock once the last secret is set', () => {
    const { started } = playClocked(parker, options, 'seed', [
      { seat: 1, action: { type: 'setSecret', code: A }, at: 70 },
      { seat: 0, action: { type: 'setSecret', code: B }, at: 90 },
    ]);
    expect([...started]).toEqual([[0, 90]]);
  });
});
