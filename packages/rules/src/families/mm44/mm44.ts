import { mm44ViewSchema } from './view-schema';
import { mm44Presets } from './presets';
import { checkCode, sameCode, type Code, type CodeRules } from '../../core/code';
import { dispatchAction, refuseTimeoutCode, type TimeoutAction } from '../../core/actions';
import { fail, ok, type ApplyResult } from '../../core/errors';
import type { Family, MatchStatus, Seat, Viewer } from '../../core/family';
import { createRng, shuffle, type Rng } from '../../core/rng';
import { outcomeOf } from '../../core/outcome';
import { clockPerOwingSeat } from '../../core/turn-clock';
import { keptOptions, keptView } from '../../core/kept-views';
import {
  MM44_COLOURS,
  MM44_COUNTERS_PER_COLOUR,
  MM44_HOLES,
  mm44Boards,
  mm44LastMove,
  mm44Name,
  mm44Rank,
  mm44SeatCount,
  type Mm44LastMove,
} from './pure';
import {
  mm44ActionSchema,
  mm44OptionsSchema,
  type Mm44Action,
  type Mm44Board,
  type Mm44Options,
  type Mm44OptionsInput,
  type Mm44Part,
  type Mm44Peg,
  type Mm44Row,
  type Mm44State,
  type Mm44View,
} from './types';

/**
 * docs/rules.md §4 setup: shuffle the 5 position counters and the 24 colour counters, then deal
 * each board the next of each. Positions therefore never repeat; a colour at most 4 times.
 */
export function mm44Deal(rng: Rng, boards: number): Mm44Part[] {
  if (!Number.isInteger(boards) || boards < 0 || boards > MM44_HOLES) {
    throw new RangeError(`Between 0 and ${MM44_HOLES} boards can be dealt, not ${boards}.`);
  }
  const positions = shuffle(
    rng,
    Array.from({ length: MM44_HOLES }, (_, i) => i),
  );
  const colours = shuffle(
    rng,
    Array.from({ length: MM44_COLOURS * MM44_COUNTERS_PER_COLOUR }, (_, i) => Math.floor(i / MM44_COUNTERS_PER_COLOUR)),
  );
  return Array.from({ length: boards }, (_, b) => ({ position: positions[b] as number, colour: colours[b] as number }));
}

/** The hidden code the parts make: each dealt position holds its colour, the rest are empty. */
export function mm44Code(parts: readonly Mm44Part[]): Code {
  const code: Code = Array.from({ length: MM44_HOLES }, () => null);
  for (const { position, colour } of parts) code[position] = colour;
  return code;
}

/**
 * A board's one key peg about its own part (docs/rules.md §4 play 2): black for its colour in its
 * hole; else white when its colour stands anywhere in the row (once, however often it stands there).
 */
export function mm44Answer(part: Mm44Part, row: Code): Mm44Peg {
  if (row[part.position] === part.colour) return 'black';
  return row.includes(part.colour) ? 'white' : null;
}

// docs/rules.md §4 play 1, Decision: any hole may be left empty, and any colour may repeat (a probe or a bluff).
const ROW_RULES: CodeRules = { pegs: MM44_HOLES, colours: MM44_COLOURS, repeats: true, blanks: true };

const holderOf = (state: Mm44State, board: number): Seat => state.boards[board]?.holder ?? -1;

/** Rows of a board used so far: placed, or lost to the turn timer. */
const usedRows = (board: Mm44Board): number => board.rows.length + board.missed.length;

const canPlay = (state: Mm44State, board: Mm44Board): boolean =>
  usedRows(board) < state.options.rows && state.out[board.holder] === false;

/** The next board round the table after `after` that may still place a row (itself last); null if none. */
function nextBoard(state: Mm44State, after: number): number | null {
  const n = state.boards.length;
  for (let step = 1; step <= n; step++) {
    const b = (after + step) % n;
    const board = state.boards[b];
    if (board && canPlay(state, board)) return b;
  }
  return null;
}

/**
 * Moves play on once the board `from` has played or its holder may have gone out: to the next
 * board that can play, else to the final calls (docs/rules.md §4 play 5), or a draw when nobody is left to call.
 */
function advance(state: Mm44State, from: number): Mm44State {
  const turn = nextBoard(state, from);
  if (turn !== null) return { ...state, turn };
  const remaining = state.out.flatMap((out, seat) => (out ? [] : [seat]));
  if (remaining.length === 0) return { ...state, turn: null, finished: true };
  return { ...state, turn: null, finalCalls: remaining };
}

function applyRow(state: Mm44State, seat: Seat, code: Code): ApplyResult<Mm44State> {
  const turn = state.turn;
  const board = turn === null ? undefined : state.boards[turn];
  if (turn === null || !board) return fail('WRONG_PHASE', 'Every board has played its rows; only the final calls remain.');
  if (seat !== board.holder) {
    return fail('NOT_YOUR_TURN', `It is board ${turn}'s turn to place a row, and seat ${board.holder} holds it.`);
  }
  const error = checkCode(code, ROW_RULES);
  if (error) return fail(error.code, error.message);
  const row = {
    code: [...code],
    answers: state.boards.flatMap((other, b) => (b === turn ? [] : [{ board: b, peg: mm44Answer(other.part, code) }])),
  };
  const boards = state.boards.map((b, i) => (i === turn ? { ...b, rows: [...b.rows, row] } : b));
  return ok(advance({ ...state, boards }, turn));
}

const notYourCall = (caller: Seat | undefined) =>
  fail('NOT_YOUR_TURN', `In the final calls the seats call in order; it is seat ${String(caller)}'s call.`);

function applyCall(state: Mm44State, seat: Seat, code: Code): ApplyResult<Mm44State> {
  const caller = state.finalCalls?.[0];
  if (state.finalCalls !== null && seat !== caller) return notYourCall(caller);
  const error = checkCode(code, ROW_RULES);
  if (error) return fail(error.code, error.message);
  const correct = sameCode(code, mm44Code(state.boards.map((b) => b.part)));
  const calls = [...state.calls, { seat, code: [...code], correct }];
  if (correct) return ok({ ...state, calls, turn: null, finalCalls: state.finalCalls && [], winner: seat, finished: true });

  const out = state.out.map((o, s) => o || s === seat);
  const called: Mm44State = { ...state, calls, out };
  if (state.finalCalls !== null) return ok(endOrNextCaller(called, state.finalCalls.slice(1)));
  // The caller's boards stop playing but keep answering; play moves on only if it was one of theirs to play.
  const turn = state.turn ?? 0;
  return ok(holderOf(state, turn) === seat ? advance(called, turn) : called);
}

function endOrNextCaller(state: Mm44State, finalCalls: Seat[]): Mm44State {
  return finalCalls.length === 0 ? { ...state, finalCalls: [], finished: true } : { ...state, finalCalls };
}

function applyPass(state: Mm44State, seat: Seat): ApplyResult<Mm44State> {
  if (state.finalCalls === null) return fail('WRONG_PHASE', 'Passing is only for the final calls; on your turn, place a row.');
  const caller = state.finalCalls[0];
  if (seat !== caller) return notYourCall(caller);
  return ok(endOrNextCaller({ ...state, passed: [...state.passed, seat] }, state.finalCalls.slice(1)));
}

/** The seat the game waits for: the caller in the final calls, else the holder of the board whose turn it is. */
function owingSeat(state: Mm44State): Seat | null {
  if (state.finished) return null;
  const caller = state.finalCalls?.[0];
  if (caller !== undefined) return caller;
  return state.turn !== null ? holderOf(state, state.turn) : null;
}

/**
 * docs/rules.md §5 turn timer in Master Mind 44 ("Turn timer" there): the board whose turn it is loses that
 * row (used, nothing placed, nobody answers) and play moves on; a final caller who runs out of
 * time passes. A call is never owed, so the timer never makes one.
 */
function applyTimeout(state: Mm44State, seat: Seat, action: TimeoutAction): ApplyResult<Mm44State> {
  if (seat !== owingSeat(state)) return fail('NOT_YOUR_TURN', `Seat ${seat} owes no move now, so it cannot run out of time.`);
  const refused = refuseTimeoutCode(action, false);
  if (refused) return refused;
  if (state.finalCalls !== null) return applyPass(state, seat);
  const turn = state.turn ?? 0;
  const boards = state.boards.map((b, i) => (i === turn ? { ...b, missed: [...b.missed, usedRows(b) + 1] } : b));
  return ok(advance({ ...state, boards }, turn));
}

const phaseOf = (state: Mm44State): Mm44View['phase'] =>
  state.finished ? 'over' : state.finalCalls !== null ? 'finalCalls' : 'play';

/** A placed row never changes, and every seat sees it whole: one view of it, kept (core/kept-views.ts). */
const rowViews = new WeakMap<Mm44Row, Mm44Row>();
const rowView = (row: Mm44Row): Mm44Row =>
  keptView(rowViews, row, (r) => ({ code: [...r.code], answers: r.answers.map((a) => ({ ...a })) }));

/** `reveal`: every part and the whole code shown to anyone, as for a review of a finished match. */
function mm44View(state: Mm44State, viewer: Viewer, reveal: boolean): Mm44View {
  const over = reveal || state.finished;
  // Everything is copied so that nobody holding a view can reach into the state.
  return {
    family: 'mm44',
    viewer,
    options: keptOptions(state.options),
    boards: state.boards.map((board, b) => ({
      board: b,
      holder: board.holder,
      part: over || viewer === board.holder ? { ...board.part } : null,
      rows: board.rows.map(rowView),
      missed: [...board.missed],
      full: usedRows(board) >= state.options.rows,
    })),
    phase: phaseOf(state),
    turn: state.turn,
    caller: state.finished ? null : (state.finalCalls?.[0] ?? null),
    out: [...state.out],
    calls: state.calls.map((c) => ({ ...c, code: [...c.code] })),
    passed: [...state.passed],
    winner: state.winner,
    code: over ? mm44Code(state.boards.map((b) => b.part)) : null,
    finished: state.finished,
  };
}

export const mm44: Family<Mm44Options, Mm44State, Mm44Action, Mm44View, Mm44OptionsInput, Mm44LastMove> = {
  id: 'mm44',
  name: mm44Name,
  previewBoard: { pegs: 5, rows: 4, boards: 2 },
  presets: mm44Presets,
  optionsSchema: mm44OptionsSchema,
  actionSchema: mm44ActionSchema,
  viewSchema: mm44ViewSchema,
  dealt: true,
  // The parts the final view reveals, board by board, are the deal of the published seed.
  dealMatches: (seed, view) =>
    JSON.stringify(mm44Deal(createRng(seed), view.boards.length)) === JSON.stringify(view.boards.map((b) => b.part)),

  seatCount: (options) => mm44SeatCount(options.seating),

  setup(options, seed) {
    const holders = mm44Boards(options.seating);
    const parts = mm44Deal(createRng(seed), holders.length);
    return {
      options: { ...options },
      boards: holders.map((holder, b) => ({ holder, part: parts[b] as Mm44Part, rows: [], missed: [] })),
      turn: 0,
      out: Array.from({ length: mm44SeatCount(options.seating) }, () => false),
      calls: [],
      passed: [],
      finalCalls: null,
      winner: null,
      finished: false,
    };
  },

  apply(state, seat, action) {
    const seats = state.out.length;
    if (!Number.isInteger(seat) || seat < 0 || seat >= seats) {
      return fail('NOT_A_PLAYER', `This table has seats 0 to ${seats - 1}; there is no seat ${String(seat)}.`);
    }
    if (state.finished) return fail('MATCH_FINISHED', 'The game is over; nothing more can be played.');
    if (state.out[seat]) return fail('ELIMINATED', 'You made a wrong call and are out of the game; your boards still answer.');
    return dispatchAction<Mm44Action, Mm44State>(action, 'Master Mind 44', {
      row: (a) => applyRow(state, seat, a.code),
      call: (a) => applyCall(state, seat, a.code),
      pass: () => applyPass(state, seat),
      timeout: (a) => applyTimeout(state, seat, a),
    });
  },

  view: (state, viewer) => mm44View(state, viewer, false),
  review: (state) => mm44View(state, null, true),
  outcome: outcomeOf,
  rank: mm44Rank,
  lastMove: mm44LastMove,
  turnClock: clockPerOwingSeat,

  status(state): MatchStatus {
    const scores = state.out.map((_, seat) => (seat === state.winner ? 1 : 0));
    if (state.finished) {
      const winners = state.winner === null ? [] : [state.winner];
      return { finished: true, toAct: [], owes: [], may: [], scores, winners, draw: winners.length === 0 };
    }
    const owing = owingSeat(state);
    // In the final calls the seat owes its call (or a pass); otherwise its board's row.
    const owes =
      owing === null ? [] : [{ seat: owing, kind: state.finalCalls?.[0] !== undefined ? ('call' as const) : ('row' as const) }];
    // During play any board still in may call "Master Mind!", whoever's row it is (docs/rules.md §4).
    const inFinalCalls = state.finalCalls !== null;
    const may = inFinalCalls ? [] : state.out.flatMap((out, seat) => (out ? [] : [{ seat, kind: 'call' as const }]));
    return { finished: false, toAct: owing === null ? [] : [owing], owes, may, scores, winners: [], draw: false };
  },

  // Nothing random is ever owed here (the parts are dealt from the seed), so `rng` is not drawn from.
  timeoutFor: (state, seat) => (owingSeat(state) === seat ? { type: 'timeout' } : null),
};
