import { duelViewSchema } from './view-schema';
import { duelPresets } from './presets';
import { checkCode, guessRules, type Code } from '../../core/code';
import { dispatchAction, refuseSecret, refuseTimeoutCode, type TimeoutAction } from '../../core/actions';
import { fail, ok, type ApplyResult } from '../../core/errors';
import type { Family, MatchStatus, OwedMove, Seat, Viewer } from '../../core/family';
import { randomCode } from '../../core/rng';
import { isPossibleScore, scoreGuess, type Score } from '../../core/score';
import { outcomeOf } from '../../core/outcome';
import { clockPerOwingSeat } from '../../core/turn-clock';
import { keptOptions, keptView } from '../../core/kept-views';
import { duelLastMove, duelName, duelSecretRules, type DuelLastMove } from './pure';
import {
  duelActionSchema,
  duelOptionsSchema,
  type DuelAction,
  type DuelOptions,
  type DuelOptionsInput,
  type DuelRound,
  type DuelRoundView,
  type DuelRow,
  type DuelRowView,
  type DuelState,
  type DuelView,
} from './types';

const SEATS = 2;

/** docs/rules.md §1.4: what the codebreaker gets when a hand-scored round turns out faulty. */
export const HAND_SCORING_BONUS: Record<DuelOptions['scoring'], number> = { points: 3, rounds: 1 };

/** Round 1: seat 0 makes the code; roles swap every round, and a replay keeps its number, so its roles too. */
export const codemakerOf = (roundNumber: number): Seat => (roundNumber - 1) % SEATS;

function newRound(number: number): DuelRound {
  const codemaker = codemakerOf(number);
  return {
    number,
    codemaker,
    codebreaker: 1 - codemaker,
    secret: null,
    rows: [],
    missed: [],
    outcome: null,
    faulty: false,
    gained: [0, 0],
  };
}

const sameScore = (a: Score | null, b: Score): boolean => a !== null && a.black === b.black && a.white === b.white;

/** Rows of the board used so far: guessed, or lost to the turn timer. */
const usedRows = (round: DuelRound): number => round.rows.length + round.missed.length;

const completedRounds = (rounds: readonly DuelRound[]): number => rounds.filter((r) => r.outcome !== null && !r.faulty).length;

/** The round being played; `setup` always creates one, and a round ending either finishes the match or appends the next. */
function currentRound(state: DuelState): DuelRound {
  const round = state.rounds[state.rounds.length - 1];
  if (!round) throw new Error('A duel state always holds at least one round.');
  return round;
}

const withCurrentRound = (state: DuelState, round: DuelRound): DuelState => ({
  ...state,
  rounds: [...state.rounds.slice(0, -1), round],
});

/**
 * Called after every scored row (and every row lost to the timer): ends the round when the
 * shown score is all black or the board is used up, settles points and decides what comes next.
 */
function afterRowUsed(state: DuelState, round: DuelRound, broken: boolean): DuelState {
  const { options } = state;
  if (!broken && usedRows(round) < options.guesses) return withCurrentRound(state, round);

  // Every row matches its true score unless a codemaker scoring by hand made a mistake.
  const faulty = round.rows.some((row) => !sameScore(row.score, row.trueScore));
  const gained: [number, number] = [0, 0];
  if (faulty) {
    // §1.4: the faulty round's own result does not count, only the bonus; the replay decides.
    gained[round.codebreaker] = HAND_SCORING_BONUS[options.scoring];
  } else if (options.scoring === 'rounds') {
    gained[broken ? round.codebreaker : round.codemaker] = 1;
  } else {
    // docs/rules.md §1 play 5, Decision: failing costs one more than the worst success, so breaking on the last row still pays.
    gained[round.codemaker] = broken ? usedRows(round) : options.guesses + 1;
  }

  const ended: DuelRound = { ...round, outcome: broken ? 'broken' : 'failed', faulty, gained };
  const rounds = [...state.rounds.slice(0, -1), ended];
  const scores: [number, number] = [state.scores[0] + gained[0], state.scores[1] + gained[1]];
  const finished = completedRounds(rounds) >= options.rounds;
  if (!finished) rounds.push(newRound(faulty ? round.number : round.number + 1));
  return { ...state, rounds, scores, finished };
}

function applySetSecret(state: DuelState, seat: Seat, code: Code): ApplyResult<DuelState> {
  const round = currentRound(state);
  const refused = refuseSecret(round, seat, code, duelSecretRules(state.options));
  if (refused) return refused;
  return ok(withCurrentRound(state, { ...round, secret: [...code] }));
}

function applyGuess(state: DuelState, seat: Seat, code: Code): ApplyResult<DuelState> {
  const round = currentRound(state);
  if (seat !== round.codebreaker) {
    return fail('NOT_YOUR_TURN', `Only the codebreaker of round ${round.number} (seat ${round.codebreaker}) guesses.`);
  }
  if (round.secret === null) return fail('WRONG_PHASE', 'The codemaker has not set the secret yet; wait before guessing.');
  const last = round.rows[round.rows.length - 1];
  if (last && last.score === null) {
    return fail('WRONG_PHASE', 'The codemaker has not scored your last guess yet; wait before guessing again.');
  }
  const error = checkCode(code, guessRules(duelSecretRules(state.options)));
  if (error) return fail(error.code, error.message);

  const guess = [...code];
  const trueScore = scoreGuess(round.secret, guess);
  if (state.options.handScoring) {
    const row: DuelRow = { guess, score: null, trueScore };
    return ok(withCurrentRound(state, { ...round, rows: [...round.rows, row] }));
  }
  const row: DuelRow = { guess, score: { ...trueScore }, trueScore };
  return ok(afterRowUsed(state, { ...round, rows: [...round.rows, row] }, trueScore.black === state.options.pegs));
}

function applyScore(state: DuelState, seat: Seat, score: Score): ApplyResult<DuelState> {
  const { options } = state;
  if (!options.handScoring) {
    return fail('INVALID_ACTION', 'In this game the server scores every guess; scores are not entered by hand.');
  }
  const round = currentRound(state);
  if (seat !== round.codemaker) {
    return fail('NOT_YOUR_TURN', `Only the codemaker of round ${round.number} (seat ${round.codemaker}) scores the guesses.`);
  }
  const last = round.rows[round.rows.length - 1];
  if (!last || last.score !== null) return fail('WRONG_PHASE', 'There is no guess waiting for a score.');
  if (!isPossibleScore(score, options.pegs)) {
    const why =
      score.black + score.white > options.pegs
        ? `black + white cannot exceed the ${options.pegs} holes`
        : score.black === options.pegs - 1 && score.white === 1
          ? `with ${options.pegs - 1} pegs in the right place the last one cannot be merely misplaced`
          : 'it is not a score a guess can get';
    return fail('INVALID_SCORE', `The score ${score.black} black, ${score.white} white is impossible: ${why}.`);
  }
  const scored: DuelRow = { ...last, score: { black: score.black, white: score.white } };
  return ok(afterRowUsed(state, { ...round, rows: [...round.rows.slice(0, -1), scored] }, score.black === options.pegs));
}

/**
 * docs/rules.md §5 turn timer, as "Turn timer" there decides it for the duel: a codemaker without a
 * secret gets the random legal one the action carries; a codemaker who owes a hand score has
 * the true score entered (the server knows it, and a made-up one would mark the round faulty
 * for someone's absence); a codebreaker loses the row, which counts as used.
 */
function applyTimeout(state: DuelState, seat: Seat, action: TimeoutAction): ApplyResult<DuelState> {
  const round = currentRound(state);
  const owes = owingSeat(state);
  if (seat !== owes) return fail('NOT_YOUR_TURN', `Seat ${seat} owes no move now, so it cannot run out of time.`);
  const refused = refuseTimeoutCode(action, round.secret === null);
  if (refused) return refused;
  if (round.secret === null) return applySetSecret(state, seat, action.code ?? []);
  const last = round.rows[round.rows.length - 1];
  if (last && last.score === null) {
    const scored: DuelRow = { ...last, score: { ...last.trueScore } };
    return ok(
      afterRowUsed(state, { ...round, rows: [...round.rows.slice(0, -1), scored] }, last.trueScore.black === state.options.pegs),
    );
  }
  return ok(afterRowUsed(state, { ...round, missed: [...round.missed, usedRows(round) + 1] }, false));
}

/** What the seat a duel waits for owes: a secret, a hand score, or a guess. */
function owedMove(state: DuelState): OwedMove {
  const round = currentRound(state);
  if (round.secret === null) return 'secret';
  return round.rows[round.rows.length - 1]?.score === null ? 'score' : 'guess';
}

/** The one seat a duel waits for: the codemaker for a secret or a hand score, else the codebreaker. */
function owingSeat(state: DuelState): Seat {
  const round = currentRound(state);
  const last = round.rows[round.rows.length - 1];
  const codemakerOwes = round.secret === null || (last !== undefined && last.score === null);
  return codemakerOwes ? round.codemaker : round.codebreaker;
}

/*
 * A round or row the state did not change is the same object from one action to the next, so its
 * view is kept with it (core/kept-views.ts): a row's in its two forms (true score hidden or shown),
 * a round's per viewer (the codemaker alone sees the secret while it is played).
 */
const roundViews = new WeakMap<DuelRound, Map<string, DuelRoundView>>();
const hiddenRows = new WeakMap<DuelRow, DuelRowView>();
const shownRows = new WeakMap<DuelRow, DuelRowView>();

const rowView = (row: DuelRow, over: boolean): DuelRowView =>
  keptView(over ? shownRows : hiddenRows, row, (r) => ({
    guess: [...r.guess],
    score: r.score && { ...r.score },
    // Hidden from the codemaker too until the end: it would only confirm what they know, and one rule is safer.
    trueScore: over ? { ...r.trueScore } : null,
  }));

/** `reveal`: everything shown, as for a review of a finished match. */
function roundView(round: DuelRound, viewer: Viewer, reveal = false): DuelRoundView {
  const views = keptView(roundViews, round, () => new Map<string, DuelRoundView>());
  const key = `${String(viewer)}:${reveal}`;
  const kept = views.get(key);
  if (kept) return kept;
  const over = reveal || round.outcome !== null;
  const last = round.rows[round.rows.length - 1];
  // Everything is copied so that nobody holding a view can reach into the state.
  const view: DuelRoundView = {
    number: round.number,
    codemaker: round.codemaker,
    codebreaker: round.codebreaker,
    secretSet: round.secret !== null,
    secret: round.secret !== null && (over || viewer === round.codemaker) ? [...round.secret] : null,
    rows: round.rows.map((row) => rowView(row, over)),
    missed: [...round.missed],
    outcome: round.outcome,
    faulty: round.faulty,
    gained: [round.gained[0], round.gained[1]],
    awaitingScore: last !== undefined && last.score === null,
  };
  views.set(key, view);
  return view;
}

const duelView = (state: DuelState, viewer: Viewer, reveal: boolean): DuelView => ({
  family: 'duel',
  viewer,
  options: keptOptions(state.options),
  rounds: state.rounds.map((round) => roundView(round, viewer, reveal)),
  scores: [state.scores[0], state.scores[1]],
  finished: state.finished,
});

export const duel: Family<DuelOptions, DuelState, DuelAction, DuelView, DuelOptionsInput, DuelLastMove> = {
  id: 'duel',
  name: duelName,
  previewBoard: { pegs: 4, rows: 5, boards: 1 },
  presets: duelPresets,
  optionsSchema: duelOptionsSchema,
  actionSchema: duelActionSchema,
  viewSchema: duelViewSchema,
  dealt: false,

  seatCount: () => SEATS,

  // Nothing in a duel is random: the seed is accepted only to fit the common surface.
  setup: (options) => ({
    options: { ...options },
    rounds: [newRound(1)],
    scores: [0, 0],
    finished: false,
  }),

  apply(state, seat, action) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= SEATS) {
      return fail('NOT_A_PLAYER', `A duel has seats 0 and 1; there is no seat ${String(seat)}.`);
    }
    if (state.finished) return fail('MATCH_FINISHED', 'The match is over; nothing more can be played.');
    return dispatchAction<DuelAction, DuelState>(action, 'A duel', {
      setSecret: (a) => applySetSecret(state, seat, a.code),
      guess: (a) => applyGuess(state, seat, a.code),
      score: (a) => applyScore(state, seat, { black: a.black, white: a.white }),
      timeout: (a) => applyTimeout(state, seat, a),
    });
  },

  view: (state, viewer) => duelView(state, viewer, false),
  review: (state) => duelView(state, null, true),
  outcome: outcomeOf,
  pointsAddUp: true,
  lastMove: duelLastMove,
  turnClock: clockPerOwingSeat,
  // A replayed (faulty) round does not count: its replay does.
  codesBroken: (review, seat) =>
    review.rounds
      .filter((r) => !r.faulty && r.outcome === 'broken' && r.codebreaker === seat)
      .map((r) => r.rows.length + r.missed.length),

  status(state): MatchStatus {
    const scores = [state.scores[0], state.scores[1]];
    if (state.finished) {
      const best = Math.max(...scores);
      const winners = scores.flatMap((s, seat) => (s === best ? [seat] : []));
      const draw = winners.length === SEATS;
      return { finished: true, toAct: [], owes: [], may: [], scores, winners: draw ? [] : winners, draw };
    }
    const owes = { seat: owingSeat(state), kind: owedMove(state) };
    return { finished: false, toAct: [owes.seat], owes: [owes], may: [], scores, winners: [], draw: false };
  },

  timeoutFor(state, seat, rng) {
    if (state.finished || seat !== owingSeat(state)) return null;
    const round = currentRound(state);
    return round.secret === null
      ? { type: 'timeout', code: randomCode(rng, duelSecretRules(state.options)) }
      : { type: 'timeout' };
  },
};
