import { describe, expect, it } from 'vitest';
import { applyOrThrow } from '../../core/testing';
import type { Seat } from '../../core/family';
import { mm44 } from './mm44';
import { mm44OptionsSchema, type Mm44Action, type Mm44State } from './types';

const act = (state: Mm44State, seat: Seat, action: Mm44Action): Mm44State => applyOrThrow(mm44, state, seat, action);
/** The seat holding the board whose turn it is. */
const toPlay = (state: Mm44State): Seat => state.boards[state.turn!]!.holder;
const ROW: Mm44Action = { type: 'row', code: [0, null, 1, 0, 2] };

describe('Master Mind 44 views from one action to the next', () => {
  it('are the same row objects for the rows already placed, for every viewer, and copies of the state’s', () => {
    let before = mm44.setup(mm44OptionsSchema.parse({}), 'seed');
    for (let i = 0; i < 4; i++) before = act(before, toPlay(before), ROW);
    const after = act(before, toPlay(before), ROW);
    for (const viewer of [0, 1, 2, 3, null] as const) {
      const [a, b] = [mm44.view(before, viewer), mm44.view(after, viewer)];
      const placed = a.boards.flatMap((board, i) => board.rows.map((row, r) => [row, b.boards[i]!.rows[r]]));
      expect(placed.length).toBeGreaterThan(0);
      for (const [was, is] of placed) expect(is).toBe(was);
      expect(b.boards.reduce((n, board) => n + board.rows.length, 0)).toBe(placed.length + 1);
    }
    const view = mm44.view(after, 0);
    const board = after.boards.findIndex((b) => b.rows.length > 0);
    expect(view.boards[board]!.rows[0]).toEqual(after.boards[board]!.rows[0]);
    expect(view.boards[board]!.rows[0]).not.toBe(after.boards[board]!.rows[0]);
    expect(view.boards[board]!.rows[0]!.code).not.toBe(after.boards[board]!.rows[0]!.code);
  });
});
