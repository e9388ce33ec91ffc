import { describe, expect, it } from 'vitest';
import type { Seat } from '../../core/family';
import { createRng } from '../../core/rng';
import { applyOrThrow, expectRefused } from '../../core/testing';
import { playClocked } from '../../core/testing-clock';
import { mm44 } from './mm44';
import { mm44OptionsSchema, type Mm44Action, type Mm44State } from './types';

const start = (seating: '4x1' | '2x2' = '4x1'): Mm44State => mm44.setup(mm44OptionsSchema.parse({ seating }), 'seed');
const act = (state: Mm44State, seat: Seat, action: Mm44Action): Mm44State => applyOrThrow(mm44, state, seat, action);
const timeout = (state: Mm44State, seat: Seat): Mm44State => {
  const action = mm44.timeoutFor(state, seat, createRng('unused'));
  if (!action) throw new Error(`seat ${seat} owes nothing`);
  return act(state, seat, action);
};

describe('mm44 timeout (docs/rules.md §5)', () => {
  it('makes the board whose turn it is lose that row (nobody answers), and play moves on', () => {
    const s = timeout(start(), 0);
    expect(s.boards[0]?.rows).toEqual([]);
    expect(s.boards[0]?.missed).toEqual([1]);
    expect(s.turn).toBe(1);
    expect(mm44.view(s, null).boards[0]?.missed).toEqual([1]);
    expectRefused(mm44, s, 0, { type: 'timeout' }, 'NOT_YOUR_TURN');
  });

  it('turns a final caller who runs out of time into a pass, then the next caller', () => {
    let s = start();
    while (s.finalCalls === null) s = timeout(s, mm44.status(s).toAct[0]!);
    expect(s.boards.every((b) => b.missed.length === 4)).toBe(true);
    expect(mm44.view(s, null).boards.every((b) => b.full)).toBe(true);
    expect(s.finalCalls).toEqual([0, 1, 2, 3]);
    s = timeout(s, 0);
    expect(s.passed).toEqual([0]);
    expect(mm44.status(s).toAct).toEqual([1]);
    for (const seat of [1, 2, 3]) s = timeout(s, seat);
    expect(s.finished).toBe(true);
    expect(mm44.status(s).draw).toBe(true);
  });

  it('never owes a call: only the seat whose turn it is can time out, and never with a code', () => {
    const s = start('2x2');
    expect(mm44.timeoutFor(s, 1, createRng('x'))).toBeNull();
    expectRefused(mm44, s, 0, { type: 'timeout', code: [0, 0, 0, 0, 0] }, 'INVALID_ACTION');
    const t = timeout(s, 0);
    expect(mm44.status(t).toAct).toEqual([1]);
  });
});

describe('mm44 turn clock (docs/rules.md §5)', () => {
  const options = mm44OptionsSchema.parse({ seating: '2x2' });
  const row: Mm44Action = { type: 'row', code: [null, null, null, null, null] };

  it('clocks the seat whose board places the next row, not the seats that may call', () => {
    expect([...playClocked(mm44, options, 'seed', []).started]).toEqual([[0, 0]]);
    const { state, started } = playClocked(mm44, options, 'seed', [{ seat: 0, action: row, at: 30 }]);
    expect([...started]).toEqual([[1, 30]]);
    expect(mm44.turnClock.deadlines(mm44.status(state), started, 0, 100)).toEqual([{ seat: 1, at: 130 }]);
  });
});
