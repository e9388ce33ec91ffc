import { z } from 'zod';
import { timeoutActionSchema } from '../../core/actions';
import type { Code } from '../../core/code';
import { codeSchema } from '../../core/code-schema';
import type { Seat, Viewer } from '../../core/family';
import { MM44_SEATINGS } from './seatings';

/** docs/rules.md §4 options; every field defaulted, ranges enforced. */
export const mm44OptionsSchema = z
  .object({
    seating: z.enum(MM44_SEATINGS).default('4x1'),
    /** rows per board, the answer row (a call) not counted */
    rows: z.number().int().min(4).max(10).default(4),
  })
  .strict();
export type Mm44Options = z.output<typeof mm44OptionsSchema>;
export type Mm44OptionsInput = z.input<typeof mm44OptionsSchema>;

export const mm44ActionSchema = z.discriminatedUnion('type', [
  /** the holder of the board whose turn it is places that board's next row */
  z.object({ type: z.literal('row'), code: codeSchema }).strict(),
  /** "Master Mind!": any seat still in, at any time (in the final calls only on its own call) */
  z.object({ type: z.literal('call'), code: codeSchema }).strict(),
  /** only in the final calls: the seat whose call it is lets it go */
  z.object({ type: z.literal('pass') }).strict(),
  /** server only (docs/rules.md §5, "Turn timer"): see `mm44.timeoutFor`; never carries a code here */
  timeoutActionSchema,
]);
export type Mm44Action = z.output<typeof mm44ActionSchema>;

/** A board's share of the hidden code: hole `position` (0–4) holds `colour` (0–5). */
export interface Mm44Part {
  position: number;
  colour: number;
}

/** One board's key peg about its own part: black, white or nothing. */
export type Mm44Peg = 'black' | 'white' | null;

export interface Mm44Answer {
  /** the board that gave the peg */
  board: number;
  peg: Mm44Peg;
}

export interface Mm44Row {
  /** 5 holes, each a colour 0–5 or null (left empty) */
  code: Code;
  /** one answer from every other board, in board order */
  answers: Mm44Answer[];
}

export interface Mm44Board {
  holder: Seat;
  part: Mm44Part;
  rows: Mm44Row[];
  /** the board's row numbers (1-based) lost to the turn timer: used up, with no row placed */
  missed: number[];
}

export interface Mm44Call {
  seat: Seat;
  code: Code;
  correct: boolean;
}

export interface Mm44State {
  options: Mm44Options;
  boards: Mm44Board[];
  /** the board to place the next row; null in the final calls and after the end */
  turn: number | null;
  /** per seat: out after a wrong call */
  out: boolean[];
  /** every "Master Mind!" call, in order */
  calls: Mm44Call[];
  /** seats that passed in the final calls, in order */
  passed: Seat[];
  /** null unless the final calls have begun; then the seats still to call or pass, in seat order (empty once over) */
  finalCalls: Seat[] | null;
  winner: Seat | null;
  finished: boolean;
}

export interface Mm44BoardView {
  board: number;
  holder: Seat;
  /** the board's own part: only for its holder, and for everyone once the game is over */
  part: Mm44Part | null;
  rows: Mm44Row[];
  /** row numbers lost to the turn timer */
  missed: number[];
  /** every row used (placed or lost to the timer): the board skips its turns */
  full: boolean;
}

export interface Mm44View {
  family: 'mm44';
  viewer: Viewer;
  options: Mm44Options;
  boards: Mm44BoardView[];
  phase: 'play' | 'finalCalls' | 'over';
  /** the board to place the next row (phase 'play') */
  turn: number | null;
  /** the seat whose last call it is (phase 'finalCalls') */
  caller: Seat | null;
  out: boolean[];
  /** public, as at the table: a wrong call is made aloud, with its pegs on the answer row */
  calls: Mm44Call[];
  passed: Seat[];
  winner: Seat | null;
  /** the whole hidden code, once the game is over */
  code: Code | null;
  finished: boolean;
}
