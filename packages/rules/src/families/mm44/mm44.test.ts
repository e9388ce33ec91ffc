import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import type { RuleErrorCode } from '../../core/errors';
import type { Seat } from '../../core/family';
import { createRng } from '../../core/rng';
import { applyOrThrow, deepFreeze, expectRefused } from '../../core/testing';
import { mm44, mm44Answer, mm44Code, mm44Deal } from './mm44';
import { MM44_SEATINGS, mm44Boards, mm44SeatCount } from './pure';
import { mm44OptionsSchema, type Mm44Action, type Mm44OptionsInput, type Mm44Part, type Mm44State } from './types';

const [RED, BLUE, GREEN, YELLOW, WHITE, BLACK] = [0, 1, 2, 3, 4, 5];

/** A deal chosen for the tests: the hidden code is red, empty, blue, red, green. */
const PARTS: Mm44Part[] = [
  { position: 0, colour: RED },
  { position: 2, colour: BLUE },
  { position: 3, colour: RED },
  { position: 4, colour: GREEN },
];
const CODE: Code = [RED, null, BLUE, RED, GREEN];
/** answers nothing from any board of PARTS */
const BLANK: Code = [null, null, null, null, null];
const WRONG: Code = [RED, null, BLUE, RED, YELLOW];

/** A new game with the test deal (the seeded deal is tested on its own). */
function start(input: Mm44OptionsInput = {}, parts: Mm44Part[] = PARTS): Mm44State {
  const s = mm44.setup(mm44OptionsSchema.parse(input), 'seed');
  return { ...s, boards: s.boards.map((b, i) => ({ ...b, part: parts[i] ?? b.part })) };
}

const act = (state: Mm44State, seat: Seat, action: Mm44Action): Mm44State => applyOrThrow(mm44, state, seat, action);

const refused = (state: Mm44State, seat: Seat, action: Mm44Action, code: RuleErrorCode): string =>
  expectRefused(mm44, state, seat, action, code);

const row = (code: Code): Mm44Action => ({ type: 'row', code });
const call = (code: Code): Mm44Action => ({ type: 'call', code });
const pass: Mm44Action = { type: 'pass' };

/** The seat that must act now, as the status says. */
const due = (state: Mm44State): Seat => {
  const [seat] = mm44.status(state).toAct;
  if (seat === undefined) throw new Error('nobody to act');
  return seat;
};

/** Places `n` rows, each by whoever is due. */
function rows(state: Mm44State, n: number, code: Code = BLANK): Mm44State {
  let s = state;
  for (let i = 0; i < n; i++) s = act(s, due(s), row(code));
  return s;
}

describe('mm44 options and seating', () => {
  it('fills the docs/rules.md defaults', () => {
    expect(mm44OptionsSchema.parse({})).toEqual({ seating: '4x1', rows: 4 });
  });

  it('enforces the ranges and refuses unknown options', () => {
    for (const bad of [
      { rows: 3 },
      { rows: 11 },
      { rows: 4.5 },
      { seating: '3x2' },
      { seating: '1x4' },
      { holes: 6 },
      { colours: 8 },
    ]) {
      expect(mm44OptionsSchema.safeParse(bad).success).toBe(false);
    }
    for (const seating of MM44_SEATINGS) expect(mm44OptionsSchema.safeParse({ seating, rows: 10 }).success).toBe(true);
  });

  it('gives each seating its boards, alternating round the table with two boards each', () => {
    expect(mm44Boards('4x1')).toEqual([0, 1, 2, 3]);
    expect(mm44Boards('3x1')).toEqual([0, 1, 2]);
    expect(mm44Boards('2x1')).toEqual([0, 1]);
    expect(mm44Boards('2x2')).toEqual([0, 1, 0, 1]);
    expect(MM44_SEATINGS.map(mm44SeatCount)).toEqual([4, 3, 2, 2]);
    for (const seating of MM44_SEATINGS) {
      expect(mm44.seatCount(mm44OptionsSchema.parse({ seating }))).toBe(mm44SeatCount(seating));
    }
  });
});

describe('mm44 deal', () => {
  it('counts 5 × 6⁴ = 6480 possible codes with 4 boards (and 2160 with 3, 360 with 2)', () => {
    const codes = (boards: number): number => {
      const seen = new Set<string>();
      const walk = (parts: Mm44Part[]): void => {
        if (parts.length === boards) {
          seen.add(JSON.stringify(mm44Code(parts)));
          return;
        }
        for (let position = 0; position < 5; position++) {
          if (parts.some((p) => p.position === position)) continue;
          for (let colour = 0; colour < 6; colour++) walk([...parts, { position, colour }]);
        }
      };
      walk([]);
      return seen.size;
    };
    expect(codes(4)).toBe(5 * 6 ** 4);
    expect(5 * 6 ** 4).toBe(6480);
    expect(codes(3)).toBe(2160);
    expect(codes(2)).toBe(360);
  });

  it('builds the hidden code from the parts, undealt holes empty', () => {
    expect(mm44Code(PARTS)).toEqual(CODE);
    expect(mm44Code([{ position: 1, colour: WHITE }])).toEqual([null, WHITE, null, null, null]);
  });

  it('deals from the seed alone: same seed, same deal', () => {
    const options = mm44OptionsSchema.parse({});
    expect(mm44.setup(options, 'table 7')).toEqual(mm44.setup(options, 'table 7'));
    const deals = new Set(
      ['a', 'b', 'c', 'd', 'e'].map((seed) => JSON.stringify(mm44.setup(options, seed).boards.map((b) => b.part))),
    );
    expect(deals.size).toBeGreaterThan(1);
  });

  it('deals every position and every colour over many seeds', () => {
    const positions = new Set<number>();
    const colours = new Set<number>();
    for (let i = 0; i < 50; i++) {
      for (const part of mm44Deal(createRng(`deal ${i}`), 4)) {
        positions.add(part.position);
        colours.add(part.colour);
      }
    }
    expect([...positions].sort()).toEqual([0, 1, 2, 3, 4]);
    expect([...colours].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('cannot deal more boards than there are position counters', () => {
    expect(
      mm44Deal(createRng('x'), 5)
        .map((p) => p.position)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(() => mm44Deal(createRng('x'), 6)).toThrow(RangeError);
  });

  it('starts with board 0 to play and nobody out', () => {
    const s = mm44.setup(mm44OptionsSchema.parse({ seating: '3x1' }), 'seed');
    expect(s).toMatchObject({ turn: 0, out: [false, false, false], calls: [], finalCalls: null, winner: null, finished: false });
    expect(s.boards.map((b) => b.holder)).toEqual([0, 1, 2]);
    expect(mm44.status(s)).toEqual({
      finished: false,
      toAct: [0],
      owes: [{ seat: 0, kind: 'row' }],
      // anyone still in may call "Master Mind!" during play, whoever's row it is
      may: [
        { seat: 0, kind: 'call' },
        { seat: 1, kind: 'call' },
        { seat: 2, kind: 'call' },
      ],
      scores: [0, 0, 0],
      winners: [],
      draw: false,
    });
  });
});

describe('mm44 answers', () => {
  const part: Mm44Part = { position: 2, colour: RED }; // the rulebook's "colour red, position hole no. 3"

  it('answers black for its colour in its hole', () => {
    expect(mm44Answer(part, [null, null, RED, null, null])).toBe('black');
    expect(mm44Answer(part, [RED, RED, RED, RED, RED])).toBe('black');
  });

  it('answers one white, however many times its colour stands elsewhere', () => {
    expect(mm44Answer(part, [RED, null, BLUE, null, null])).toBe('white');
    expect(mm44Answer(part, [RED, RED, BLUE, RED, RED])).toBe('white');
  });

  it('answers nothing when its colour is absent', () => {
    expect(mm44Answer(part, [BLUE, GREEN, YELLOW, WHITE, BLACK])).toBeNull();
    expect(mm44Answer(part, BLANK)).toBeNull();
  });

  it('has every other board answer each row, attributed, about its own part only', () => {
    const s = act(start(), 0, row([RED, RED, GREEN, null, BLUE]));
    expect(s.boards[0]?.rows).toEqual([
      {
        code: [RED, RED, GREEN, null, BLUE],
        answers: [
          { board: 1, peg: 'white' }, // blue belongs in hole 2, stands in hole 4
          { board: 2, peg: 'white' }, // red belongs in hole 3, stands elsewhere (twice: one white)
          { board: 3, peg: 'white' }, // green belongs in hole 4, stands in hole 2
        ],
      },
    ]);
    const next = act(s, 1, row([RED, null, null, RED, null]));
    expect(next.boards[1]?.rows[0]?.answers).toEqual([
      { board: 0, peg: 'black' },
      { board: 2, peg: 'black' },
      { board: 3, peg: null },
    ]);
  });

  it('lets a player bluff at their own part: any colour or an empty hole', () => {
    // seat 1's part is blue in hole 2; it plays green there
    const s = act(act(start(), 0, row(BLANK)), 1, row([null, null, GREEN, null, null]));
    expect(s.boards[1]?.rows[0]?.answers).toEqual([
      { board: 0, peg: null },
      { board: 2, peg: null },
      { board: 3, peg: 'white' },
    ]);
  });
});

describe('mm44 turns', () => {
  it('passes the turn round the table, board by board', () => {
    let s = start();
    const order: number[] = [];
    for (let i = 0; i < 6; i++) {
      order.push(s.turn ?? -1);
      s = act(s, due(s), row(BLANK));
    }
    expect(order).toEqual([0, 1, 2, 3, 0, 1]);
  });

  it('lets a player with two boards play each on its own turn', () => {
    let s = start({ seating: '2x2' });
    const seats: Seat[] = [];
    const boards: number[] = [];
    for (let i = 0; i < 8; i++) {
      seats.push(due(s));
      boards.push(s.turn ?? -1);
      s = act(s, due(s), row(BLANK));
    }
    expect(boards).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
    expect(seats).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    // seat 0's other board answers seat 0's rows like any other board
    expect(s.boards[0]?.rows[0]?.answers.map((a) => a.board)).toEqual([1, 2, 3]);
  });

  it('refuses a row from a seat whose board is not due', () => {
    expect(refused(start(), 1, row(BLANK), 'NOT_YOUR_TURN')).toMatch(/board 0/);
    refused(start({ seating: '2x2' }), 1, row(BLANK), 'NOT_YOUR_TURN');
  });

  it('refuses a row that is not 5 holes of the 6 colours or empty', () => {
    refused(start(), 0, row([RED, RED, RED, RED]), 'INVALID_CODE');
    refused(start(), 0, row([RED, RED, RED, RED, RED, RED]), 'INVALID_CODE');
    refused(start(), 0, row([RED, RED, RED, RED, 6]), 'INVALID_CODE');
    expect(act(start(), 0, row([BLACK, BLACK, null, BLACK, null])).boards[0]?.rows).toHaveLength(1);
  });

  it('gives each board its number of rows, then the final calls', () => {
    let s = rows(start({ seating: '2x1', rows: 5 }), 9);
    expect(s.boards.map((b) => b.rows.length)).toEqual([5, 4]);
    expect(mm44.view(s, null).boards.map((b) => b.full)).toEqual([true, false]);
    s = act(s, 1, row(BLANK));
    expect(s.boards.map((b) => b.rows.length)).toEqual([5, 5]);
    expect(s).toMatchObject({ turn: null, finalCalls: [0, 1], finished: false });
    expect(mm44.view(s, null)).toMatchObject({ phase: 'finalCalls', caller: 0, turn: null });
    expect(mm44.status(s).toAct).toEqual([0]);
    expect(mm44.status(s).owes).toEqual([{ seat: 0, kind: 'call' }]);
    // in the final calls a seat calls only on its own call: owed, never merely allowed
    expect(mm44.status(s).may).toEqual([]);
    refused(s, 0, row(BLANK), 'WRONG_PHASE');
  });

  it('refuses a pass outside the final calls', () => {
    expect(refused(start(), 0, pass, 'WRONG_PHASE')).toMatch(/final calls/);
  });
});

describe('mm44 calls', () => {
  it('wins the game for a right call, on any seat’s turn, and reveals every part', () => {
    const s = act(act(start(), 0, row(BLANK)), 3, call(CODE));
    expect(s).toMatchObject({ finished: true, winner: 3, turn: null, calls: [{ seat: 3, code: CODE, correct: true }] });
    expect(mm44.status(s)).toEqual({
      finished: true,
      toAct: [],
      owes: [],
      may: [],
      scores: [0, 0, 0, 1],
      winners: [3],
      draw: false,
    });
    for (const viewer of [0, 1, 2, 3, null]) {
      const v = mm44.view(s, viewer);
      expect(v.boards.map((b) => b.part)).toEqual(PARTS);
      expect(v).toMatchObject({ phase: 'over', code: CODE, winner: 3, finished: true });
    }
    refused(s, 0, row(BLANK), 'MATCH_FINISHED');
    refused(s, 3, call(CODE), 'MATCH_FINISHED');
  });

  it('needs every undealt hole empty for a right call', () => {
    const s = act(start(), 2, call([RED, BLUE, BLUE, RED, GREEN]));
    expect(s.calls).toEqual([{ seat: 2, code: [RED, BLUE, BLUE, RED, GREEN], correct: false }]);
    expect(s.out).toEqual([false, false, true, false]);
    expect(s.finished).toBe(false);
  });

  it('puts a wrong caller out, whose board keeps answering but no longer plays', () => {
    let s = act(start({ seating: '3x1' }, PARTS.slice(0, 3)), 1, call(WRONG));
    expect(s.out).toEqual([false, true, false]);
    expect(s.turn).toBe(0);
    expect(mm44.status(s).may.map((m) => m.seat)).toEqual([0, 2]);
    expect(refused(s, 1, call(CODE), 'ELIMINATED')).toMatch(/out/);
    refused(s, 1, row(BLANK), 'ELIMINATED');
    refused(s, 1, pass, 'ELIMINATED');
    s = act(s, 0, row([null, null, BLUE, null, null]));
    expect(s.turn).toBe(2); // board 1 is skipped
    expect(s.boards[0]?.rows[0]?.answers).toEqual([
      { board: 1, peg: 'black' },
      { board: 2, peg: null },
    ]);
    s = act(s, 2, row(BLANK));
    expect(s.turn).toBe(0);
  });

  it('moves play on when the seat due to play calls wrong', () => {
    const s = act(act(start(), 0, row(BLANK)), 1, call(WRONG));
    expect(s.turn).toBe(2);
    expect(mm44.status(s).toAct).toEqual([2]);
  });

  it('takes a wrong call in the final calls as that seat’s last word', () => {
    let s = rows(start({ seating: '3x1' }, PARTS.slice(0, 3)), 12);
    expect(s.finalCalls).toEqual([0, 1, 2]);
    expect(refused(s, 1, pass, 'NOT_YOUR_TURN')).toMatch(/seat 0/);
    refused(s, 2, call(CODE), 'NOT_YOUR_TURN');
    s = act(s, 0, pass);
    s = act(s, 1, call(WRONG));
    expect(s).toMatchObject({ out: [false, true, false], finalCalls: [2], passed: [0], finished: false });
    expect(mm44.view(s, 0).caller).toBe(2);
    s = act(s, 2, call([RED, null, BLUE, RED, null]));
    expect(s).toMatchObject({ finished: true, winner: 2 });
  });

  it('calls it a draw when every final call passes or is wrong', () => {
    let s = rows(start({ seating: '2x1' }), 8);
    s = act(act(s, 0, call(WRONG)), 1, pass);
    expect(s).toMatchObject({ finished: true, winner: null, out: [true, false], passed: [1] });
    expect(mm44.status(s)).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [0, 0], winners: [], draw: true });
    expect(mm44.view(s, null)).toMatchObject({ phase: 'over', code: [RED, null, BLUE, null, null], caller: null });
  });

  it('leaves seats that are out of the final calls', () => {
    let s = act(start(), 2, call(WRONG));
    s = rows(s, 12);
    expect(s.boards.map((b) => b.rows.length)).toEqual([4, 4, 0, 4]);
    expect(s.finalCalls).toEqual([0, 1, 3]);
  });

  it('calls it a draw at once when every seat is out', () => {
    let s = act(act(act(start(), 1, call(WRONG)), 3, call(WRONG)), 0, call(WRONG));
    expect(s.finished).toBe(false);
    expect(mm44.status(s).toAct).toEqual([2]);
    s = act(s, 2, call(WRONG));
    expect(s).toMatchObject({ finished: true, winner: null, out: [true, true, true, true] });
    expect(mm44.status(s).draw).toBe(true);
  });

  it('goes to the final calls at once when every seat still in has full boards', () => {
    let s = rows(start({ seating: '2x1' }), 7);
    expect(s.boards.map((b) => b.rows.length)).toEqual([4, 3]);
    s = act(s, 1, call(WRONG));
    expect(s).toMatchObject({ turn: null, finalCalls: [0] });
  });

  it('refuses a call that is not 5 holes of the 6 colours or empty', () => {
    refused(start(), 0, call([RED, null, BLUE, RED]), 'INVALID_CODE');
    refused(start(), 0, call([RED, null, BLUE, RED, 9]), 'INVALID_CODE');
  });
});

describe('mm44 validation', () => {
  it('refuses seats that are not at the table', () => {
    for (const seat of [4, -1, 0.5, Number.NaN]) refused(start(), seat, row(BLANK), 'NOT_A_PLAYER');
    refused(start({ seating: '2x2' }), 2, row(BLANK), 'NOT_A_PLAYER');
  });

  it('refuses an unknown action type that slipped past the schema', () => {
    refused(start(), 0, { type: 'resign' } as unknown as Mm44Action, 'INVALID_ACTION');
  });
});

describe('mm44 view', () => {
  it('shows each seat its own board’s part only, and spectators none', () => {
    const s = act(start(), 0, row(BLANK));
    for (const viewer of [0, 1, 2, 3]) {
      const v = mm44.view(s, viewer);
      expect(v.boards.map((b) => b.part)).toEqual(PARTS.map((p, b) => (b === viewer ? p : null)));
      expect(v.code).toBeNull();
    }
    expect(mm44.view(s, null).boards.every((b) => b.part === null)).toBe(true);
  });

  it('shows a player with two boards both their parts', () => {
    const v = mm44.view(start({ seating: '2x2' }), 0);
    expect(v.boards.map((b) => b.part)).toEqual([PARTS[0], null, PARTS[2], null]);
  });

  it('shows every row, every answer and every call to everyone', () => {
    const s = act(act(start(), 0, row([RED, RED, GREEN, null, BLUE])), 2, call(WRONG));
    for (const viewer of [0, 1, 2, 3, null]) {
      const v = mm44.view(s, viewer);
      expect(v.boards[0]?.rows).toEqual(s.boards[0]?.rows);
      expect(v).toMatchObject({
        family: 'mm44',
        viewer,
        options: s.options,
        phase: 'play',
        turn: 1,
        caller: null,
        out: [false, false, true, false],
        calls: [{ seat: 2, code: WRONG, correct: false }],
        passed: [],
        winner: null,
        finished: false,
      });
    }
  });

  it('hands out copies: changing a view cannot change the state', () => {
    const s = deepFreeze(act(act(start(), 0, row(CODE)), 1, call(CODE)));
    const v = mm44.view(s, 0);
    const board = v.boards[0];
    if (!board?.part || !board.rows[0]?.answers[0] || !v.calls[0] || !v.code) throw new Error('expected a finished game');
    board.part.colour = 5;
    board.rows[0].code[0] = 5;
    board.rows[0].answers[0].peg = null;
    v.calls[0].code[0] = 5;
    v.code[0] = 5;
    v.out[0] = true;
    v.options.rows = 9;
    expect(s.boards[0]?.part).toEqual(PARTS[0]);
    expect(s.boards[0]?.rows[0]?.code).toEqual(CODE);
    expect(s.boards[0]?.rows[0]?.answers.map((a) => a.peg)).toEqual(['black', 'black', 'black']);
    expect(s.calls[0]?.code).toEqual(CODE);
    expect(s.out[0]).toBe(false);
  });
});
