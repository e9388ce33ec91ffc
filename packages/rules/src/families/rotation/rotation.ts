import { rotationViewSchema } from './view-schema';
import { rotationPresets } from './presets';
import { checkCode, guessRules, type Code } from '../../core/code';
import { dispatchAction, refuseSecret, refuseTimeoutCode, type TimeoutAction } from '../../core/actions';
import { fail, ok, type ApplyResult } from '../../core/errors';
import type { Family, MatchStatus, Seat, Viewer } from '../../core/family';
import { randomCode } from '../../core/rng';
import { scoreGuess } from '../../core/score';
import { outcomeOf } from '../../core/outcome';
import { clockPerOwingSeat } from '../../core/turn-clock';
import { keptOptions, keptView } from '../../core/kept-views';
import {
  rotationCodemakerPoints,
  rotationGuessOrder,
  rotationGuessPoints,
  rotationLastMove,
  rotationName,
  rotationRank,
  rotationSecretRules,
  type RotationLastMove,
} from './pure';
import {
  rotationActionSchema,
  rotationOptionsSchema,
  type RotationAction,
  type RotationOptions,
  type RotationOptionsInput,
  type RotationRound,
  type RotationRoundView,
  type RotationRow,
  type RotationState,
  type RotationView,
} from './types';

/** Round r (from 1) is made by seat r − 1, so every seat makes the code exactly once. */
const codemakerOf = (roundNumber: number): Seat => roundNumber - 1;

/** Rows of the shared board used so far: guessed, or lost to the turn timer. */
const usedRows = (round: RotationRound): number => round.rows.length + round.missed.length;

/** The codebreakers take rows in turn (`rotationGuessOrder`), one row each, round after round of the table. */
function guesserOf(round: RotationRound, players: number): Seat {
  const order = rotationGuessOrder(round.codemaker, players);
  return order[usedRows(round) % order.length] as Seat;
}

function newRound(number: number, players: number): RotationRound {
  return {
    number,
    codemaker: codemakerOf(number),
    secret: null,
    rows: [],
    missed: [],
    outcome: null,
    codemakerPoints: null,
    gained: Array.from({ length: players }, () => 0),
  };
}

/** The round being played; `setup` always creates one, and a round ending either finishes the match or appends the next. */
function currentRound(state: RotationState): RotationRound {
  const round = state.rounds[state.rounds.length - 1];
  if (!round) throw new Error('A rotation state always holds at least one round.');
  return round;
}

const addAt = (values: readonly number[], seat: Seat, amount: number): number[] =>
  values.map((v, i) => (i === seat ? v + amount : v));

function applySetSecret(state: RotationState, seat: Seat, code: Code): ApplyResult<RotationState> {
  const round = currentRound(state);
  const refused = refuseSecret(round, seat, code, rotationSecretRules(state.options));
  if (refused) return refused;
  return ok({ ...state, rounds: [...state.rounds.slice(0, -1), { ...round, secret: [...code] }] });
}

function applyGuess(state: RotationState, seat: Seat, code: Code): ApplyResult<RotationState> {
  const { options } = state;
  const round = currentRound(state);
  if (seat === round.codemaker) {
    return fail('NOT_YOUR_TURN', `Seat ${seat} makes the code of round ${round.number}; the codemaker does not guess.`);
  }
  if (round.secret === null) return fail('WRONG_PHASE', 'The codemaker has not set the secret yet; wait before guessing.');
  const guesser = guesserOf(round, options.players);
  if (seat !== guesser) return fail('NOT_YOUR_TURN', `It is seat ${guesser}'s turn to place the next row.`);
  const error = checkCode(code, guessRules(rotationSecretRules(options)));
  if (error) return fail(error.code, error.message);

  const score = scoreGuess(round.secret, code);
  const points = rotationGuessPoints(score, options.pegs);
  const rows = [...round.rows, { seat, guess: [...code], score, points }];
  const played = { ...round, rows, gained: addAt(round.gained, seat, points) };
  return ok(afterRowUsed({ ...state, scores: addAt(state.scores, seat, points) }, played, score.black === options.pegs));
}

/**
 * After a row is placed or lost to the timer: the round goes on, or it ends when the code
 * is broken or the board is used up, the codemaker scores and the next round (if any) begins.
 */
function afterRowUsed(state: RotationState, round: RotationRound, broken: boolean): RotationState {
  const { options } = state;
  if (!broken && usedRows(round) < options.guesses) return { ...state, rounds: [...state.rounds.slice(0, -1), round] };
  const codemakerPoints = rotationCodemakerPoints(options.players, broken ? usedRows(round) : null);
  const gained = addAt(round.gained, round.codemaker, codemakerPoints);
  const scores = addAt(state.scores, round.codemaker, codemakerPoints);
  const ended: RotationRound = { ...round, outcome: broken ? 'broken' : 'failed', codemakerPoints, gained };
  const finished = round.number === options.players;
  const rounds = [...state.rounds.slice(0, -1), ended];
  if (!finished) rounds.push(newRound(round.number + 1, options.players));
  return { ...state, rounds, scores, finished };
}

/** The one seat the round waits for: its codemaker until the secret is set, then the guesser whose row it is. */
function owingSeat(state: RotationState): Seat {
  const round = currentRound(state);
  return round.secret === null ? round.codemaker : guesserOf(round, state.options.players);
}

/**
 * docs/rules.md §5 turn timer in a rotation ("Turn timer" there): a codemaker without a secret gets the
 * random legal one the action carries; a guesser's turn passes to the next codebreaker, and the
 * row is lost (no guess, no points), so a table of absent players still reaches the end.
 */
function applyTimeout(state: RotationState, seat: Seat, action: TimeoutAction): ApplyResult<RotationState> {
  const round = currentRound(state);
  if (seat !== owingSeat(state)) return fail('NOT_YOUR_TURN', `Seat ${seat} owes no move now, so it cannot run out of time.`);
  const refused = refuseTimeoutCode(action, round.secret === null);
  if (refused) return refused;
  if (round.secret === null) return applySetSecret(state, seat, action.code ?? []);
  return ok(afterRowUsed(state, { ...round, missed: [...round.missed, { seat, row: usedRows(round) + 1 }] }, false));
}

/** A row never changes once played, and every seat sees it: one view of it, kept (core/kept-views.ts). */
const rowViews = new WeakMap<RotationRow, RotationRow>();

/** `reveal`: the secret shown to anyone, as for a review of a finished match. */
function roundView(round: RotationRound, viewer: Seat | null, players: number, reveal: boolean): RotationRoundView {
  const over = round.outcome !== null;
  // Everything is copied so that nobody holding a view can reach into the state.
  return {
    number: round.number,
    codemaker: round.codemaker,
    guesser: round.secret !== null && !over ? guesserOf(round, players) : null,
    secretSet: round.secret !== null,
    secret: round.secret !== null && (reveal || over || viewer === round.codemaker) ? [...round.secret] : null,
    rows: round.rows.map((row) =>
      keptView(rowViews, row, (r) => ({ seat: r.seat, guess: [...r.guess], score: { ...r.score }, points: r.points })),
    ),
    missed: round.missed.map((m) => ({ ...m })),
    outcome: round.outcome,
    codemakerPoints: round.codemakerPoints,
    gained: [...round.gained],
  };
}

const rotationView = (state: RotationState, viewer: Viewer, reveal: boolean): RotationView => ({
  family: 'rotation',
  viewer,
  options: keptOptions(state.options),
  rounds: state.rounds.map((round) => roundView(round, viewer, state.options.players, reveal)),
  scores: [...state.scores],
  finished: state.finished,
});

export const rotation: Family<
  RotationOptions,
  RotationState,
  RotationAction,
  RotationView,
  RotationOptionsInput,
  RotationLastMove
> = {
  id: 'rotation',
  name: rotationName,
  previewBoard: { pegs: 4, rows: 6, boards: 1 },
  presets: rotationPresets,
  optionsSchema: rotationOptionsSchema,
  actionSchema: rotationActionSchema,
  viewSchema: rotationViewSchema,
  dealt: false,

  seatCount: (options) => options.players,

  // Nothing in a rotation is random: the seed is accepted only to fit the common surface.
  setup: (options) => ({
    options: { ...options },
    rounds: [newRound(1, options.players)],
    scores: Array.from({ length: options.players }, () => 0),
    finished: false,
  }),

  apply(state, seat, action) {
    const players = state.options.players;
    if (!Number.isInteger(seat) || seat < 0 || seat >= players) {
      return fail('NOT_A_PLAYER', `This table has seats 0 to ${players - 1}; there is no seat ${String(seat)}.`);
    }
    if (state.finished) return fail('MATCH_FINISHED', 'The match is over; nothing more can be played.');
    return dispatchAction<RotationAction, RotationState>(action, 'A rotation game', {
      setSecret: (a) => applySetSecret(state, seat, a.code),
      guess: (a) => applyGuess(state, seat, a.code),
      timeout: (a) => applyTimeout(state, seat, a),
    });
  },

  view: (state, viewer) => rotationView(state, viewer, false),
  review: (state) => rotationView(state, null, true),
  outcome: outcomeOf,
  pointsAddUp: true,
  rank: rotationRank,
  lastMove: rotationLastMove,
  turnClock: clockPerOwingSeat,

  status(state): MatchStatus {
    const scores = [...state.scores];
    if (state.finished) {
      // docs/rules.md §2 play 6: ties share the win. When every seat shares it nobody has won more than
      // anyone else, so that (and only that) is a draw; `winners` is then empty, as in the duel.
      const best = Math.max(...scores);
      const winners = scores.flatMap((s, seat) => (s === best ? [seat] : []));
      const draw = winners.length === scores.length;
      return { finished: true, toAct: [], owes: [], may: [], scores, winners: draw ? [] : winners, draw };
    }
    const seat = owingSeat(state);
    const kind = currentRound(state).secret === null ? 'secret' : 'guess';
    return { finished: false, toAct: [seat], owes: [{ seat, kind }], may: [], scores, winners: [], draw: false };
  },

  timeoutFor(state, seat, rng) {
    if (state.finished || seat !== owingSeat(state)) return null;
    return currentRound(state).secret === null
      ? { type: 'timeout', code: randomCode(rng, rotationSecretRules(state.options)) }
      : { type: 'timeout' };
  },
};
