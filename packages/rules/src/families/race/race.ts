import { raceViewSchema } from './view-schema';
import { racePresets } from './presets';
import { checkCode, sameCode, type Code } from '../../core/code';
import { dispatchAction, refuseTimeoutCode, type TimeoutAction } from '../../core/actions';
import { fail, ok, type ApplyResult } from '../../core/errors';
import type { Family, MatchStatus, Seat, Viewer } from '../../core/family';
import { createRng, namedCode, randomCode } from '../../core/rng';
import { inconsistentRow, scoreGuess } from '../../core/score';
import { outcomeOf } from '../../core/outcome';
import { clockPerOwingSeat } from '../../core/turn-clock';
import { keptOptions, keptView } from '../../core/kept-views';
import { raceCodeRules, raceGuessRules, raceLastMove, raceName, type RaceLastMove } from './pure';
import {
  raceActionSchema,
  raceOptionsSchema,
  type RaceAction,
  type RaceBoard,
  type RaceBoardView,
  type RaceOptions,
  type RaceOptionsInput,
  type RacePegRow,
  type RaceRow,
  type RaceState,
  type RaceView,
} from './types';

/**
 * The house's code of a match: drawn from its seed, so the published seed shows it was fixed from
 * the start — or named by a house seed, when that code fits the options.
 */
export function raceCode(options: RaceOptions, seed: string): Code {
  const named = namedCode(seed);
  if (named && checkCode(named, raceCodeRules(options)) === null) return named;
  return randomCode(createRng(seed), raceCodeRules(options));
}

/** Rows of a board used so far: guessed, or lost to the turn timer. */
const usedRows = (board: RaceBoard): number => board.rows.length + board.missed.length;

const isBroken = (state: RaceState, seat: Seat): boolean => state.breakers.includes(seat);

/** A seat still racing: it has not broken the code and has rows left. */
const racing = (state: RaceState, seat: Seat): boolean => {
  const board = state.boards[seat];
  return board !== undefined && !isBroken(state, seat) && usedRows(board) < state.options.guesses;
};

/** The seats that owe their next guess now, in seat order. */
const racingSeats = (state: RaceState): Seat[] => state.boards.flatMap((_, seat) => (racing(state, seat) ? [seat] : []));

/**
 * Each seat's place as it stands: the first breaker is first; the other breakers follow by rows
 * used, then by order of acceptance; the seats out of rows share the place after the last
 * breaker; a seat still racing has none yet. Final once the match is over.
 */
export function racePlaces(state: RaceState): (number | null)[] {
  const [first, ...rest] = state.breakers;
  const order =
    first === undefined
      ? []
      : [
          first,
          ...rest
            .map((seat, i) => ({ seat, i }))
            .sort(byRowsThenOrder(state))
            .map((x) => x.seat),
        ];
  return state.boards.map((_, seat) => {
    const at = order.indexOf(seat);
    if (at >= 0) return at + 1;
    return racing(state, seat) ? null : order.length + 1;
  });
}

const byRowsThenOrder =
  (state: RaceState) =>
  (a: { seat: Seat; i: number }, b: { seat: Seat; i: number }): number =>
    usedRows(state.boards[a.seat] as RaceBoard) - usedRows(state.boards[b.seat] as RaceBoard) || a.i - b.i;

const withBoard = (state: RaceState, seat: Seat, board: RaceBoard): RaceState => ({
  ...state,
  boards: state.boards.map((b, s) => (s === seat ? board : b)),
});

/** The match ends once every seat has broken the code or run out of rows. */
const settled = (state: RaceState): RaceState => ({ ...state, finished: racingSeats(state).length === 0 });

function refuseNotRacing(state: RaceState, seat: Seat): ReturnType<typeof fail> | null {
  if (isBroken(state, seat)) return fail('WRONG_PHASE', 'You have broken the code already; the others race on for places.');
  if (!racing(state, seat)) return fail('WRONG_PHASE', 'Your board has no row left.');
  return null;
}

function applyGuess(state: RaceState, seat: Seat, code: Code): ApplyResult<RaceState> {
  const refused = refuseNotRacing(state, seat);
  if (refused) return refused;
  const error = checkCode(code, raceGuessRules(state.options));
  if (error) return fail(error.code, error.message);
  const board = state.boards[seat] as RaceBoard;
  const against = state.options.hard ? inconsistentRow(code, board.rows) : null;
  if (against !== null) {
    const { black, white } = (board.rows[against] as RaceBoard['rows'][number]).score;
    return fail(
      'INCONSISTENT_GUESS',
      `Hard mode: this guess cannot be the code, since row ${against + 1} scored ${black} black and ${white} white.`,
    );
  }
  const guess = [...code];
  const next = withBoard(state, seat, { ...board, rows: [...board.rows, { guess, score: scoreGuess(state.code, guess) }] });
  return ok(settled(sameCode(guess, state.code) ? { ...next, breakers: [...next.breakers, seat] } : next));
}

/** The turn timer in the race (docs/rules.md §5): the seat's next row is used up, with no guess on it. */
function applyTimeout(state: RaceState, seat: Seat, action: TimeoutAction): ApplyResult<RaceState> {
  if (!racing(state, seat)) return fail('NOT_YOUR_TURN', `Seat ${seat} owes no guess now, so it cannot run out of time.`);
  const refused = refuseTimeoutCode(action, false);
  if (refused) return refused;
  const board = state.boards[seat] as RaceBoard;
  return ok(settled(withBoard(state, seat, { ...board, missed: [...board.missed, usedRows(board) + 1] })));
}

/** A row never changes once played: its two views (colours shown, or the pegs only) kept with it (core/kept-views.ts). */
const codeRows = new WeakMap<RaceRow, RaceRow>();
const pegRows = new WeakMap<RaceRow, RacePegRow>();

/**
 * A board's two views (colours shown, or the pegs only), kept with the board as the last ones made:
 * a row played on one board leaves the others' views as they were, shared by every viewer's view
 * and with the update before, unless what they show beside their rows (place, out) changed.
 */
const boardViews = new WeakMap<RaceBoard, { code?: RaceBoardView; pegs?: RaceBoardView }>();

/** `full`: the viewer may see this board's colours. Everything is copied, so nobody holding a view reaches into the state. */
function boardView(state: RaceState, seat: Seat, full: boolean, place: number | null): RaceBoardView {
  const board = state.boards[seat] as RaceBoard;
  const broken = isBroken(state, seat);
  const out = !broken && !racing(state, seat);
  let kept = boardViews.get(board);
  if (kept === undefined) boardViews.set(board, (kept = {}));
  const known = full ? kept.code : kept.pegs;
  if (known !== undefined && known.seat === seat && known.place === place && known.broken === broken && known.out === out) {
    return known;
  }
  const base = { seat, missed: [...board.missed], used: usedRows(board), broken, out, place };
  const view: RaceBoardView = full
    ? {
        ...base,
        shown: 'code',
        rows: board.rows.map((row) => keptView(codeRows, row, (r) => ({ guess: [...r.guess], score: { ...r.score } }))),
      }
    : { ...base, shown: 'pegs', rows: board.rows.map((row) => keptView(pegRows, row, (r) => ({ score: { ...r.score } }))) };
  if (full) kept.code = view;
  else kept.pegs = view;
  return view;
}

/** The parts every viewer sees alike, kept with them as the rows are. */
const codeViews = new WeakMap<Code, Code>();
const breakerViews = new WeakMap<Seat[], Seat[]>();

/**
 * Every board's view with its colours hidden (what a seat sees of the others'), and the places,
 * worked out once per state and kept with it: a broadcast asks for every seat's and the watchers' view.
 */
const hiddenBoards = new WeakMap<RaceState, { places: (number | null)[]; pegs: RaceBoardView[] }>();

function boardsSeenBy(state: RaceState, viewer: Viewer, open: boolean): RaceBoardView[] {
  const kept = keptView(hiddenBoards, state, (st) => {
    const places = racePlaces(st);
    return { places, pegs: st.boards.map((_, seat) => boardView(st, seat, false, places[seat] ?? null)) };
  });
  const { places, pegs } = kept;
  return state.boards.map((_, seat) =>
    open || seat === viewer ? boardView(state, seat, true, places[seat] ?? null) : (pegs[seat] as RaceBoardView),
  );
}

function raceView(state: RaceState, viewer: Viewer, reveal: boolean): RaceView {
  const open = reveal || state.finished;
  return {
    family: 'race',
    viewer,
    options: keptOptions(state.options),
    code: open ? keptView(codeViews, state.code, (c) => [...c]) : null,
    boards: boardsSeenBy(state, viewer, open),
    breakers: keptView(breakerViews, state.breakers, (b) => [...b]),
    finished: state.finished,
  };
}

export const race: Family<RaceOptions, RaceState, RaceAction, RaceView, RaceOptionsInput, RaceLastMove> = {
  id: 'race',
  name: raceName,
  previewBoard: { pegs: 4, rows: 4, boards: 3 },
  presets: racePresets,
  optionsSchema: raceOptionsSchema,
  actionSchema: raceActionSchema,
  viewSchema: raceViewSchema,
  dealt: true,
  simultaneousStart: true,
  // The code the final view reveals is the one the published seed draws.
  dealMatches: (seed, view) => view.code !== null && JSON.stringify(raceCode(view.options, seed)) === JSON.stringify(view.code),

  seatCount: (options) => options.players,

  setup: (options, seed) => ({
    options: { ...options },
    code: raceCode(options, seed),
    boards: Array.from({ length: options.players }, () => ({ rows: [], missed: [] })),
    breakers: [],
    finished: false,
  }),

  apply(state, seat, action) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= state.boards.length) {
      return fail('NOT_A_PLAYER', `This race has seats 0 to ${state.boards.length - 1}; there is no seat ${String(seat)}.`);
    }
    if (state.finished) return fail('MATCH_FINISHED', 'The match is over; nothing more can be played.');
    return dispatchAction<RaceAction, RaceState>(action, 'A race', {
      guess: (a) => applyGuess(state, seat, a.code),
      timeout: (a) => applyTimeout(state, seat, a),
    });
  },

  view: (state, viewer) => raceView(state, viewer, false),
  review: (state) => raceView(state, null, true),

  outcome: outcomeOf,
  lastMove: raceLastMove,
  turnClock: clockPerOwingSeat,
  status(state): MatchStatus {
    const scores = state.boards.map(usedRows);
    if (state.finished) {
      const first = state.breakers[0];
      // Nobody broke it: every seat shares the last place, a draw when there are several of them.
      const draw = first === undefined && state.boards.length > 1;
      return { finished: true, toAct: [], owes: [], may: [], scores, winners: first === undefined ? [] : [first], draw };
    }
    const toAct = racingSeats(state);
    return {
      finished: false,
      toAct,
      owes: toAct.map((seat) => ({ seat, kind: 'guess' })),
      may: [],
      scores,
      winners: [],
      draw: false,
    };
  },

  // Nothing random is ever owed here (the code is drawn from the seed), so `rng` is not drawn from.
  timeoutFor: (state, seat) => (!state.finished && racing(state, seat) ? { type: 'timeout' } : null),
};
