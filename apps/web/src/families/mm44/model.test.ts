import { describe, expect, it } from 'vitest';
import type { Code } from '@mm/rules';
import {
  mm44,
  mm44Code,
  mm44OptionsSchema,
  type Mm44Action,
  type Mm44OptionsInput,
  type Mm44State,
} from '@mm/rules/families/mm44';
import { boardsOf, seatingShape } from './model';
import { mayMake, turnOf } from '../shared/turn';

/** Plays actions through the real rules; `act` takes the state so a test can read the dealt code. */
function play(input: Mm44OptionsInput, actions: ((s: Mm44State) => [number, Mm44Action])[]) {
  let state: Mm44State = mm44.setup(mm44OptionsSchema.parse(input), 'seed-44');
  actions.forEach((make) => {
    const [seat, action] = make(state);
    const r = mm44.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  });
  return { state, view: (viewer: number | null) => mm44.view(state, viewer), status: mm44.status(state) };
}

const row = (seat: number, code: Code) => (): [number, Mm44Action] => [seat, { type: 'row', code }];
const EMPTY: Code = [null, null, null, null, null];

describe('mm44 model', () => {
  it('reads the seatings as players × boards each', () => {
    expect(seatingShape('4x1')).toEqual({ players: 4, boardsEach: 1 });
    expect(seatingShape('3x1')).toEqual({ players: 3, boardsEach: 1 });
    expect(seatingShape('2x1')).toEqual({ players: 2, boardsEach: 1 });
    expect(seatingShape('2x2')).toEqual({ players: 2, boardsEach: 2 });
  });

  it('follows the boards round the table', () => {
    let g = play({ seating: '2x2' }, []);
    let v = g.view(0);
    expect(boardsOf(v, 0)).toEqual([0, 2]);
    expect(boardsOf(v, 1)).toEqual([1, 3]);
    expect(boardsOf(v, null)).toEqual([]);
    expect({ ...turnOf(g.status), board: v.turn }).toMatchObject({ kind: 'row', board: 0, actor: 0 });
    expect(mayMake(g.status, 0, 'call') && mayMake(g.status, 1, 'call')).toBe(true);
    expect(mayMake(g.status, null, 'call')).toBe(false);

    g = play({ seating: '2x2' }, [row(0, EMPTY), row(1, EMPTY), row(0, [0, 1, 2, 3, 4])]);
    v = g.view(1);
    expect({ ...turnOf(g.status), board: v.turn }).toMatchObject({ kind: 'row', board: 3, actor: 1 });
  });

  it('puts a wrong caller out and lets play move on', () => {
    const g = play({ seating: '2x1' }, [row(0, EMPTY), () => [0, { type: 'call', code: EMPTY }]]);
    const v = g.view(1);
    expect(v.out).toEqual([true, false]);
    expect(mayMake(g.status, 0, 'call')).toBe(false);
    expect(mayMake(g.status, 1, 'call')).toBe(true);
    expect({ ...turnOf(g.status), board: v.turn }).toMatchObject({ kind: 'row', board: 1, actor: 1 });
  });

  it('ends with a right call', () => {
    const g = play({ seating: '3x1' }, [(s) => [1, { type: 'call', code: mm44Code(s.boards.map((b) => b.part)) }]]);
    const v = g.view(0);
    expect({ ...turnOf(g.status), board: v.turn }).toMatchObject({ kind: 'finished' });
  });

  it('opens the final calls when every board is full, and passing through them is a draw', () => {
    const rows = Array.from({ length: 8 }, (_, i) => row(i % 2, EMPTY));
    let g = play({ seating: '2x1' }, rows);
    let v = g.view(0);
    expect(v.phase).toBe('finalCalls');
    expect({ ...turnOf(g.status), board: v.turn }).toMatchObject({ kind: 'call', actor: 0 });
    expect(mayMake(g.status, 0, 'call')).toBe(true);
    expect(mayMake(g.status, 1, 'call')).toBe(false);

    g = play({ seating: '2x1' }, [...rows, () => [0, { type: 'pass' }]]);
    v = g.view(0);
    expect({ ...turnOf(g.status), board: v.turn }).toMatchObject({ kind: 'call', actor: 1 });

    g = play({ seating: '2x1' }, [...rows, () => [0, { type: 'pass' }], () => [1, { type: 'pass' }]]);
    expect(g.status).toMatchObject({ finished: true, draw: true });
  });
});
