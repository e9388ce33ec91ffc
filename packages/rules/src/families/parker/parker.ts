import { parkerViewSchema } from './view-schema';
import { parkerPresets } from './presets';
import { checkCode, guessRules, type Code } from '../../core/code';
import { dispatchAction, refuseTimeoutCode, type TimeoutAction } from '../../core/actions';
import { fail, ok, type ApplyResult } from '../../core/errors';
import type { Family, MatchStatus, Seat, Viewer } from '../../core/family';
import { randomCode } from '../../core/rng';
import { scoreGuess } from '../../core/score';
import { outcomeOf } from '../../core/outcome';
import { clockPerOwingSeat } from '../../core/turn-clock';
import { keptOptions, keptView } from '../../core/kept-views';
import { PARKER_MOVES, parkerLastMove, parkerName, parkerSecretRules, type ParkerLastMove } from './pure';
import {
  parkerActionSchema,
  parkerOptionsSchema,
  type ParkerAction,
  type ParkerGameState,
  type ParkerGameView,
  type ParkerOptions,
  type ParkerOptionsInput,
  type ParkerState,
  type ParkerRow,
  type ParkerView,
} from './types';

const SEATS = 2;

const otherSeat = (seat: 0 | 1): 0 | 1 => (seat === 0 ? 1 : 0);

/** Game 1 is opened by seat 0; the seats then take turns to move first (docs/rules.md §3 play 5). */
const firstOf = (gameNumber: number): 0 | 1 => (gameNumber % 2 === 1 ? 0 : 1);

function newGame(number: number): ParkerGameState {
  return {
    number,
    first: firstOf(number),
    secrets: [null, null],
    guesses: [[], []],
    missed: [[], []],
    outcome: null,
    winner: null,
  };
}

/** The game being played; `setup` always creates one, and a game ending either finishes the match or appends the next. */
function currentGame(state: ParkerState): ParkerGameState {
  const game = state.games[state.games.length - 1];
  if (!game) throw new Error('A Parker state always holds at least one game.');
  return game;
}

/** How many move numbers `seat` has used: its guesses and the turns it lost to the timer. */
const movesOf = (game: ParkerGameState, seat: 0 | 1): number => game.guesses[seat].length + game.missed[seat].length;

/**
 * The move number in which `seat` broke the other's code, or null. A seat never moves again
 * after its breaking guess (the game ends with that move number), so it is always its last move.
 */
function brokenAt(game: ParkerGameState, seat: 0 | 1, pegs: number): number | null {
  const last = game.guesses[seat][game.guesses[seat].length - 1];
  return last?.score.black === pegs ? movesOf(game, seat) : null;
}

/** Within a move number the first mover guesses, then the other; so equal counts mean the first mover is next. */
function toGuess(game: ParkerGameState): 0 | 1 | null {
  if (game.outcome !== null || game.secrets[0] === null || game.secrets[1] === null) return null;
  const second = otherSeat(game.first);
  return movesOf(game, game.first) === movesOf(game, second) ? game.first : second;
}

function applySetSecret(state: ParkerState, seat: 0 | 1, code: Code): ApplyResult<ParkerState> {
  const game = currentGame(state);
  if (game.secrets[seat] !== null) return fail('WRONG_PHASE', 'Your secret for this game is already set; it cannot be changed.');
  const error = checkCode(code, parkerSecretRules(state.options));
  if (error) return fail(error.code, error.message);
  const secrets: ParkerGameState['secrets'] = seat === 0 ? [[...code], game.secrets[1]] : [game.secrets[0], [...code]];
  return ok({ ...state, games: [...state.games.slice(0, -1), { ...game, secrets }] });
}

function applyGuess(state: ParkerState, seat: 0 | 1, code: Code): ApplyResult<ParkerState> {
  const { options } = state;
  const game = currentGame(state);
  const target = game.secrets[otherSeat(seat)];
  if (game.secrets[seat] === null || target === null) {
    return fail('WRONG_PHASE', 'Both secrets must be set before anyone guesses.');
  }
  const next = toGuess(game);
  if (seat !== next) return fail('NOT_YOUR_TURN', `It is seat ${String(next)}'s turn to guess.`);
  const error = checkCode(code, guessRules(parkerSecretRules(options)));
  if (error) return fail(error.code, error.message);

  const turn = { guess: [...code], score: scoreGuess(target, code) };
  const guesses: ParkerGameState['guesses'] =
    seat === 0 ? [[...game.guesses[0], turn], game.guesses[1]] : [game.guesses[0], [...game.guesses[1], turn]];
  return ok(afterMove(state, { ...game, guesses }, seat));
}

/**
 * docs/rules.md §5 turn timer in a Parker duel ("Turn timer" there): a seat without a secret gets the
 * random legal one the action carries; a seat whose guess it is loses that move number, which
 * counts as used, so the game still ends after move 8 at the latest.
 */
function applyTimeout(state: ParkerState, seat: 0 | 1, action: TimeoutAction): ApplyResult<ParkerState> {
  const game = currentGame(state);
  if (!owingSeats(game).includes(seat))
    return fail('NOT_YOUR_TURN', `Seat ${seat} owes no move now, so it cannot run out of time.`);
  const refused = refuseTimeoutCode(action, game.secrets[seat] === null);
  if (refused) return refused;
  if (game.secrets[seat] === null) return applySetSecret(state, seat, action.code ?? []);
  const lost = [...game.missed[seat], movesOf(game, seat) + 1];
  const missed: ParkerGameState['missed'] = seat === 0 ? [lost, game.missed[1]] : [game.missed[0], lost];
  return ok(afterMove(state, { ...game, missed }, seat));
}

/** While secrets are missing both seats may owe one (they act at the same time); then the seat whose guess it is. */
function owingSeats(game: ParkerGameState): (0 | 1)[] {
  const next = toGuess(game);
  return next !== null ? [next] : ([0, 1] as const).filter((s) => game.secrets[s] === null);
}

/** After `seat` used a move number (a guess or a turn lost to the timer): the game goes on or ends. */
function afterMove(state: ParkerState, played: ParkerGameState, seat: 0 | 1): ParkerState {
  const { options } = state;
  const game = currentGame(state);
  // docs/rules.md §3 play 3: a game can end only once a move number is complete, so both seats always guess equally often.
  const moveComplete = seat !== game.first;
  const broken = [brokenAt(played, 0, options.pegs), brokenAt(played, 1, options.pegs)];
  const over = moveComplete && (broken[0] !== null || broken[1] !== null || movesOf(played, seat) === PARKER_MOVES);
  if (!over) return { ...state, games: [...state.games.slice(0, -1), played] };

  // Only the move just completed can hold a break, so one break means fewer moves; two breaks or none draw.
  const winner = broken[0] !== null && broken[1] === null ? 0 : broken[1] !== null && broken[0] === null ? 1 : null;
  const ended: ParkerGameState = { ...played, outcome: winner === null ? 'draw' : 'won', winner };
  const scores: [number, number] = [state.scores[0] + (winner === 0 ? 1 : 0), state.scores[1] + (winner === 1 ? 1 : 0)];
  const finished = game.number === options.games;
  const games = [...state.games.slice(0, -1), ended];
  if (!finished) games.push(newGame(game.number + 1));
  return { ...state, games, scores, finished };
}

/** A row never changes once played, and both seats see it: one view of it, kept (core/kept-views.ts). */
const rowViews = new WeakMap<ParkerRow, ParkerRow>();
const copyRows = (turns: readonly ParkerRow[]): ParkerRow[] =>
  turns.map((row) => keptView(rowViews, row, (t) => ({ guess: [...t.guess], score: { ...t.score } })));

/** `reveal`: both secrets shown to anyone, as for a review of a finished match. */
function gameView(game: ParkerGameState, viewer: Seat | null, pegs: number, reveal: boolean): ParkerGameView {
  const over = reveal || game.outcome !== null;
  const secretFor = (owner: 0 | 1): Code | null => {
    const secret = game.secrets[owner];
    return secret !== null && (over || viewer === owner) ? [...secret] : null;
  };
  // Everything is copied so that nobody holding a view can reach into the state.
  return {
    number: game.number,
    first: game.first,
    secretSet: [game.secrets[0] !== null, game.secrets[1] !== null],
    secrets: [secretFor(0), secretFor(1)],
    guesses: [copyRows(game.guesses[0]), copyRows(game.guesses[1])],
    missed: [[...game.missed[0]], [...game.missed[1]]],
    moves: Math.min(movesOf(game, 0), movesOf(game, 1)),
    brokenAt: [brokenAt(game, 0, pegs), brokenAt(game, 1, pegs)],
    toGuess: toGuess(game),
    outcome: game.outcome,
    winner: game.winner,
  };
}

const parkerView = (state: ParkerState, viewer: Viewer, reveal: boolean): ParkerView => ({
  family: 'parker',
  viewer,
  options: keptOptions(state.options),
  games: state.games.map((game) => gameView(game, viewer, state.options.pegs, reveal)),
  scores: [state.scores[0], state.scores[1]],
  finished: state.finished,
});

export const parker: Family<ParkerOptions, ParkerState, ParkerAction, ParkerView, ParkerOptionsInput, ParkerLastMove> = {
  id: 'parker',
  name: parkerName,
  previewBoard: { pegs: 3, rows: 4, boards: 2 },
  presets: parkerPresets,
  optionsSchema: parkerOptionsSchema,
  actionSchema: parkerActionSchema,
  viewSchema: parkerViewSchema,
  dealt: false,

  seatCount: () => SEATS,

  // Nothing here is random: the seed is accepted only to fit the common surface.
  setup: (options) => ({ options: { ...options }, games: [newGame(1)], scores: [0, 0], finished: false }),

  apply(state, seat, action) {
    if (seat !== 0 && seat !== 1) {
      return fail('NOT_A_PLAYER', `A Parker duel has seats 0 and 1; there is no seat ${String(seat)}.`);
    }
    if (state.finished) return fail('MATCH_FINISHED', 'The match is over; nothing more can be played.');
    return dispatchAction<ParkerAction, ParkerState>(action, 'A Parker duel', {
      setSecret: (a) => applySetSecret(state, seat, a.code),
      guess: (a) => applyGuess(state, seat, a.code),
      timeout: (a) => applyTimeout(state, seat, a),
    });
  },

  view: (state, viewer) => parkerView(state, viewer, false),
  review: (state) => parkerView(state, null, true),
  outcome: outcomeOf,
  pointsAddUp: true,
  simultaneousStart: true,
  lastMove: parkerLastMove,
  turnClock: clockPerOwingSeat,
  codesBroken: (review, seat) => review.games.flatMap((g) => (g.brokenAt[seat] == null ? [] : [g.brokenAt[seat]])),

  status(state): MatchStatus {
    const scores = [state.scores[0], state.scores[1]];
    if (state.finished) {
      const [a, b] = state.scores;
      return { finished: true, toAct: [], owes: [], may: [], scores, winners: a === b ? [] : [a > b ? 0 : 1], draw: a === b };
    }
    const game = currentGame(state);
    const toAct = owingSeats(game);
    // Both secrets are owed at once, then one guess at a time (owingSeats asks for guesses only once both are set).
    const kind = toGuess(game) === null ? 'secret' : 'guess';
    return { finished: false, toAct, owes: toAct.map((seat) => ({ seat, kind })), may: [], scores, winners: [], draw: false };
  },

  timeoutFor(state, seat, rng) {
    if (state.finished || (seat !== 0 && seat !== 1)) return null;
    const game = currentGame(state);
    if (!owingSeats(game).includes(seat)) return null;
    return game.secrets[seat] === null
      ? { type: 'timeout', code: randomCode(rng, parkerSecretRules(state.options)) }
      : { type: 'timeout' };
  },
};
