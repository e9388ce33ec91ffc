import type { z } from 'zod';
import type { ApplyResult } from './errors';
import type { Rng } from './rng';
import type { MatchResult, SeatOutcome } from './outcome';
import type { MatchStatus, Seat } from './status';
import type { TurnClock } from './turn-clock';

// The words a family's parts share without needing the Family contract itself (outcome, turn clock).
export { OWED_MOVES, type MatchStatus, type OwedMove, type Seat } from './status';

/** Who looks at the state: a seat, or `null` for a spectator (the public view). */
export type Viewer = Seat | null;

/**
 * A family's id. Which ids exist is the registry's business (`families/registry.ts`), not a list
 * here: a new family adds no id to a central list, and the protocol checks an id against the
 * registry at run time (`familyIdSchema`).
 */
export type FamilyId = string;

/**
 * A printed edition of a game, ready to create in one tap: the family, the options the
 * rulebook prints (anything left out takes the family's default), and the seats a bot
 * takes from the start. Presets are data: the client lists them, the family's schema
 * parses their options like any other.
 */
export interface Preset<F extends FamilyId = FamilyId, OptionsInput = unknown> {
  /** stable id, also the key of the preset's name in the client's messages */
  id: string;
  family: F;
  options: OptionsInput;
  bots: Seat[];
}

/** The languages the product speaks: the web app, and the server's pages and pushes. */
export const LANGS = ['en', 'fr', 'de'] as const;
export type Lang = (typeof LANGS)[number];
export const isLang = (s: unknown): s is Lang => typeof s === 'string' && (LANGS as readonly string[]).includes(s);

/**
 * The board a family's link preview draws (a picture chat apps show above a pasted link): holes
 * in a row, rows, boards side by side. Decorative: no match's data is ever drawn.
 */
export interface PreviewBoard {
  /** pegs in a row (a code's length, as the options' `pegs`) */
  pegs: number;
  rows: number;
  boards: number;
}

/** The latest accepted action as a snapshot names it: its seq, who played it and its type. */
export interface LastAction {
  seq: number;
  seat: Seat;
  type: string;
}

/**
 * The one surface every game family offers. Pure: no I/O, no clock, no
 * Math.random. The same options, seed and actions always fold to the same state.
 *
 * - `optionsSchema` parses a room creator's options, filling every default.
 * - `actionSchema` parses one action a seat sends (shape only; `apply` judges the rules).
 * - `apply` never throws on a parsed action: it returns the next state or a rule error,
 *   and never mutates the state it was given.
 * - `view` is the only way hidden information leaves a state.
 * - `review` is the view with nothing hidden, only for finished matches (and the states
 *   their log folds through, for a replay): every secret and part, whoever made it.
 * - `timeoutFor` builds the `timeout` action (docs/rules.md §5 turn timer) the server appends for
 *   `seat` when it owes a move past its deadline, or returns null when the seat owes nothing
 *   (it is not in `status(state).toAct`). `rng` is only drawn from when the timeout needs a
 *   random secret; the server seeds it with fresh randomness of its own (not the match seed,
 *   which is published after the match). `apply` accepts what it returns, and every timeout
 *   moves the match on, so a table of absent players still ends.
 * - `outcome`, `rank`, `lastMove` and `turnClock` are the rules' readings of a result, a view and
 *   the log that the server and the client would otherwise each work out: they read these (the
 *   client, which loads no family object, the same functions from the family's `pure` entry).
 */
export interface Family<Options, State, Action, View, OptionsInput = unknown, LastMove = unknown> {
  id: FamilyId;
  /** its name as players read it, in every language the product speaks (the web app, link previews, pushes) */
  name: Record<Lang, string>;
  previewBoard: PreviewBoard;
  /** its printed editions, offered on the home page in this order (may be empty) */
  presets: readonly Preset<FamilyId, OptionsInput>[];
  optionsSchema: z.ZodType<Options, OptionsInput>;
  actionSchema: z.ZodType<Action>;
  /** the shape of every view this family sends (docs/protocol.md renders it; tests check payloads against it) */
  viewSchema: z.ZodType<View>;
  seatCount(options: Options): number;
  setup(options: Options, seed: string): State;
  apply(state: State, seat: Seat, action: Action): ApplyResult<State>;
  view(state: State, viewer: Viewer): View;
  review(state: State): View;
  status(state: State): MatchStatus;
  timeoutFor(state: State, seat: Seat, rng: Rng): Action | null;
  /**
   * Where one seat breaks another's code (duel, Parker): in a finished match's `review`, the guesses
   * `seat` took for each code it broke, board rows lost to the turn timer included. Absent: the
   * family has no such codes (a player's statistics show none).
   */
  codesBroken?(review: View, seat: Seat): number[];
  /**
   * The outcome of a finished match for whoever holds `seats` (one seat, or the several a player
   * may hold), from its result: `outcomeOf` in every family so far.
   */
  outcome(result: Pick<MatchResult, 'winners' | 'draw'>, seats: readonly Seat[]): SeatOutcome;
  /**
   * Each seat's place (1 for the top) from a finished match's scores, seats with equal scores
   * sharing one. Absent: only the winner is placed, not every seat (a player's statistics count no ranks).
   */
  rank?(scores: readonly number[]): number[];
  /**
   * The result's scores are points that add up from one match to the next at the same table (the
   * duel's and the rotation's points, Parker's games won). Absent: they are not (the race's rows
   * used, Master Mind 44's win flag), and a table's running score shows none for the family.
   */
  pointsAddUp?: true;
  /**
   * Every seat plays from the first move at once (the race, Parker's two secrets): the match opens
   * only once every seat is taken and every seated person is ready, after a short countdown, so
   * that nobody (a bot, the creator) starts before the others (docs/rules.md, "Ready and countdown").
   * Absent: the match opens as soon as it is made, as turn-based families do.
   */
  simultaneousStart?: true;
  /**
   * Where the latest action (`last`, from the snapshot) landed in `view`: which round, board or row
   * it filled, so a table marks it, right after a reload too. Null before any action.
   */
  lastMove(view: View, last: LastAction | null): LastMove | null;
  /** when each seat owing a move started to owe it, and its deadline (docs/rules.md §5 turn timer) */
  turnClock: TurnClock;
  /** true when `setup` deals hidden information from the seed, so the seed is committed to (fairness) */
  dealt: boolean;
  /** a dealt family: whether a finished match's view shows exactly what `setup` dealt from `seed` (a fairness verifier's check) */
  dealMatches?(seed: string, finalView: View): boolean;
}

/** Any family, for code that handles them all without knowing which. */
// `any` here only because function parameters are contravariant: each family fills them in.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFamily = Family<any, any, any, any, any, any>;

export interface LoggedAction<Action = unknown> {
  seat: Seat;
  action: Action;
}

/** Rebuilds a match by folding its log; an entry the rules refuse is a corrupt log. */
export function foldLog<O, S, A, V>(family: Family<O, S, A, V>, options: O, seed: string, log: readonly LoggedAction<A>[]): S {
  let state = family.setup(options, seed);
  log.forEach((entry, i) => {
    const r = family.apply(state, entry.seat, entry.action);
    if (!r.ok) throw new Error(`Action ${i + 1} of the log is refused by the rules: ${r.error.code} ${r.error.message}`);
    state = r.state;
  });
  return state;
}
