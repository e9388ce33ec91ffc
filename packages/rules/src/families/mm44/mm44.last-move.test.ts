import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import { applyOrThrow } from '../../core/testing';
import { mm44, mm44Code } from './mm44';
import { mm44LatestRow } from './pure';
import { mm44OptionsSchema, type Mm44Action, type Mm44OptionsInput, type Mm44State } from './types';

/** Plays actions through the rules; the view `viewer` gets and the snapshot's `last`. */
function play(input: Mm44OptionsInput, actions: ((s: Mm44State) => [number, Mm44Action])[], viewer: number | null = 0) {
  let state = mm44.setup(mm44OptionsSchema.parse(input), 'seed-44');
  let last: { seq: number; seat: number; type: string } | null = null;
  actions.forEach((make, i) => {
    const [seat, action] = make(state);
    state = applyOrThrow(mm44, state, seat, action);
    last = { seq: i + 1, seat, type: action.type };
  });
  const view = mm44.view(state, viewer);
  return { view, lastMove: mm44.lastMove(view, last) };
}
const EMPTY: Code = [null, null, null, null, null];
const row =
  (seat: number, code: Code = EMPTY) =>
  (): [number, Mm44Action] => [seat, { type: 'row', code }];

describe('mm44 lastMove', () => {
  it('is nothing before the first row', () => {
    const g = play({ seating: '2x2' }, []);
    expect(g.lastMove).toBeNull();
    expect(mm44LatestRow(g.view)).toBeNull();
  });

  it('finds the board a row landed on, round the table', () => {
    let g = play({ seating: '2x2' }, [row(0), row(1), row(0, [0, 1, 2, 3, 4])], 1);
    expect(g.lastMove).toEqual({ kind: 'row', seat: 0, board: 2, row: 1 });
    g = play({ seating: '2x2' }, [row(0), row(1), row(0), row(1), row(0)]);
    expect(mm44LatestRow(g.view)).toEqual({ board: 0, row: 2 });
    expect(g.lastMove).toEqual({ kind: 'row', seat: 0, board: 0, row: 2 });
  });

  it('reads a call, right or wrong', () => {
    expect(play({ seating: '2x1' }, [row(0), () => [0, { type: 'call', code: EMPTY }]], 1).lastMove).toEqual({
      kind: 'call',
      seat: 0,
      correct: false,
    });
    const right = play({ seating: '3x1' }, [(s) => [1, { type: 'call', code: mm44Code(s.boards.map((b) => b.part)) }]]);
    expect(right.lastMove).toEqual({ kind: 'call', seat: 1, correct: true });
  });

  it('reads a pass in the final calls', () => {
    const rows = Array.from({ length: 8 }, (_, i) => row(i % 2));
    expect(play({ seating: '2x1' }, [...rows, () => [0, { type: 'pass' }]]).lastMove).toEqual({ kind: 'pass', seat: 0 });
  });
});
