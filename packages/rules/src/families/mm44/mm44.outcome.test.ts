import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import { applyOrThrow } from '../../core/testing';
import { mm44, mm44Code } from './mm44';
import { mm44OptionsSchema, type Mm44Action, type Mm44OptionsInput, type Mm44State } from './types';

function statusAfter(input: Mm44OptionsInput, actions: ((s: Mm44State) => [number, Mm44Action])[]) {
  let state = mm44.setup(mm44OptionsSchema.parse(input), 'seed-44');
  for (const make of actions) {
    const [seat, action] = make(state);
    state = applyOrThrow(mm44, state, seat, action);
  }
  return mm44.status(state);
}
const EMPTY: Code = [null, null, null, null, null];
const row = (seat: number) => (): [number, Mm44Action] => [seat, { type: 'row', code: EMPTY }];
const pass = (seat: number) => (): [number, Mm44Action] => [seat, { type: 'pass' }];

describe('mm44 outcome and rank (docs/rules.md §4)', () => {
  it('gives the right caller the win and the first place, every other seat the loss and the second place', () => {
    const status = statusAfter({ seating: '3x1' }, [(s) => [1, { type: 'call', code: mm44Code(s.boards.map((b) => b.part)) }]]);
    expect([0, 1, 2].map((seat) => mm44.outcome(status, [seat]))).toEqual(['lose', 'win', 'lose']);
    expect(mm44.rank?.(status.scores)).toEqual([2, 1, 2]);
  });

  it('calls final calls passed by everyone a draw, every seat sharing the first place', () => {
    const rows = Array.from({ length: 8 }, (_, i) => row(i % 2));
    const status = statusAfter({ seating: '2x1' }, [...rows, pass(0), pass(1)]);
    expect([mm44.outcome(status, [0]), mm44.outcome(status, [1])]).toEqual(['draw', 'draw']);
    expect(mm44.rank?.(status.scores)).toEqual([1, 1]);
  });
});
