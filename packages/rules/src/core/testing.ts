import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { RULE_ERROR_CODES, type RuleErrorCode } from './errors';
import { foldLog, type AnyFamily, type Family, type LoggedAction, type Seat } from './family';
import { createRng, type Rng } from './rng';

/**
 * Helpers for the families' tests only (not exported from the package). They live here
 * because every family's tests need the same checks: apply never mutates, a refusal is a
 * typed error with a readable message that leaves the state alone, random play holds up.
 * The match generators and their property tests are in `testing-properties`, the turn
 * clock's in `testing-clock`.
 */

/**
 * `expect(actual).toEqual(expected)` and `expect(actual).toBe(expected)` for the property tests,
 * which assert on every state of thousands of random matches: there vitest's `expect` call itself (a
 * chai chain, and its state copied on every call) was most of the CPU. A plain comparison settles the
 * usual case, and only a difference goes through `expect`, which reports it: `equal` keeps
 * `toEqual`'s leniency (what strict equality refuses, `toEqual` may still accept).
 */
export const check = {
  equal(actual: unknown, expected: unknown): void {
    if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
  },
  same(actual: unknown, expected: unknown): void {
    if (!Object.is(actual, expected)) expect(actual).toBe(expected);
  },
};

/** Freezes a value and everything it holds, so that any later mutation throws. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** `family.apply`, for a move the test knows to be legal: a refusal throws, naming its code and message. */
export function applyOrThrow<S, A>(family: Family<unknown, S, A, unknown, unknown>, state: S, seat: Seat, action: A): S {
  const r = family.apply(state, seat, action);
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  return r.state;
}

/** Expects `family` to refuse `action` from `seat` with `code`; returns the message for further checks. */
export function expectRefused<S, A>(family: AnyFamily, state: S, seat: Seat, action: A, code: RuleErrorCode): string {
  const before = structuredClone(state);
  const r = family.apply(deepFreeze(state), seat, action);
  check.same(r.ok, false);
  if (r.ok) return '';
  check.same(r.error.code, code);
  expect(r.error.message.length).toBeGreaterThan(10);
  check.equal(state, before);
  return r.error.message;
}

/** How often `needle` appears in `hay`. */
export const occurrences = (hay: string, needle: string): number => hay.split(needle).length - 1;

export interface Step<S, A> {
  before: S;
  seat: Seat;
  action: A;
  after: S;
}

export interface RandomRun<S, A> {
  seed: string;
  /** chance that a step is one of `junk` (any seat, any schema-valid action) instead of a legal move */
  pJunk: number;
  junk: readonly (readonly [Seat, A])[];
  maxSteps: number;
  /** a move an honest player would make now: the rules must accept it */
  legalMove: (state: S, rng: Rng) => LoggedAction<A>;
  /** another seat that must be told NOT_YOUR_TURN for the same legal move, or null */
  outOfTurn?: (state: S, legal: LoggedAction<A>, rng: Rng) => Seat | null;
}

/**
 * Plays a match on deep-frozen states (so any mutation throws), mixing legal moves with junk
 * that must be refused with a known rule error, never thrown on. Calls `onStep` after every
 * accepted action and returns the final state and the log of accepted actions.
 */
export function playRandomly<O, S extends { finished: boolean }, A, V, I>(
  family: Family<O, S, A, V, I>,
  options: O,
  run: RandomRun<S, A>,
  onStep: (step: Step<S, A>) => void = () => {},
): { state: S; log: LoggedAction<A>[] } {
  // Its own stream, so that the moves are not correlated with whatever the family deals from the seed.
  const rng = createRng(`${run.seed}/play`);
  let state = deepFreeze(family.setup(options, run.seed));
  const log: LoggedAction<A>[] = [];
  for (let i = 0; i < run.maxSteps && !state.finished; i++) {
    const junk = rng.next() < run.pJunk ? run.junk[rng.int(run.junk.length)] : undefined;
    const move = junk ? { seat: junk[0], action: junk[1] } : run.legalMove(state, rng);
    const other = junk || rng.next() >= 0.2 ? null : (run.outOfTurn?.(state, move, rng) ?? null);
    if (other !== null) {
      const wrong = family.apply(state, other, move.action);
      check.same(wrong.ok ? 'accepted' : wrong.error.code, 'NOT_YOUR_TURN');
    }
    const r = family.apply(state, move.seat, move.action);
    if (!junk && !r.ok) throw new Error(`a legal move was refused: ${r.error.code} ${r.error.message}`);
    if (!r.ok) {
      expect(RULE_ERROR_CODES).toContain(r.error.code);
      continue;
    }
    log.push(move);
    const after = deepFreeze(r.state);
    onStep({ before: state, seat: move.seat, action: move.action, after });
    state = after;
  }
  return { state, log };
}

/**
 * The `play` of a family's property tests: `playRandomly` on a match drawn by its `matchArb`,
 * at most `maxSteps` steps, `legalMove` seeing the drawn match for its own chances.
 */
export function randomPlayer<
  O,
  S extends { finished: boolean },
  A,
  V,
  I,
  G extends { options: O; seed: string; pJunk: number; junk: [Seat, A][] },
>(
  family: Family<O, S, A, V, I>,
  maxSteps: number,
  legalMove: (state: S, rng: Rng, game: G) => LoggedAction<A>,
  outOfTurn?: RandomRun<S, A>['outOfTurn'],
): (game: G, onStep?: (step: Step<S, A>) => void) => { state: S; log: LoggedAction<A>[] } {
  return (game, onStep) =>
    playRandomly(
      family,
      game.options,
      { ...game, maxSteps, legalMove: (state, rng) => legalMove(state, rng, game), outOfTurn },
      onStep,
    );
}

/** Folding `log` twice from the same options and seed gives `state` both times. */
export function expectFoldReproduces<O, S, A, V, I>(
  family: Family<O, S, A, V, I>,
  options: O,
  seed: string,
  log: readonly LoggedAction<A>[],
  state: S,
): void {
  const once = foldLog(family, options, seed, log);
  check.equal(foldLog(family, options, seed, log), once);
  check.equal(once, state);
}

/** `apply`, `view` and `status` leave the state they are given exactly as it was. */
export function expectUntouched<O, S, A, V, I>(family: Family<O, S, A, V, I>, state: S, seat: Seat, action: A): void {
  const copy = structuredClone(state);
  family.apply(state, seat, action);
  family.view(state, seat);
  family.status(state);
  check.equal(state, copy);
}

/** Every view of `state` (each seat's, the spectator's, the review) fits the family's published `viewSchema`. */
export function expectViewsFitTheSchema<S, V>(family: Family<unknown, S, unknown, V, unknown>, state: S): void {
  const seats = family.seatCount((state as { options: unknown }).options);
  const views = [
    family.review(state),
    family.view(state, null),
    ...Array.from({ length: seats }, (_, s) => family.view(state, s)),
  ];
  for (const view of views) {
    const parsed = family.viewSchema.safeParse(view);
    check.same(parsed.success ? 'fits' : parsed.error.message, 'fits');
  }
}

/**
 * `review` against the spectator view, on every state a match passes through: once `hide`
 * has blanked the hidden fields (secrets, parts) both say the same, so `review` differs only
 * by revealing; on the finished match nothing is hidden any more and they are equal outright.
 * `hidden` lists what `review` must show: none of it may be null.
 */
export function expectReviewReveals<S extends { finished: boolean }, V>(
  family: Family<unknown, S, unknown, V, unknown>,
  state: S,
  hide: (view: V) => V,
  hidden: (view: V) => readonly unknown[],
): void {
  const review = family.review(state);
  const spectator = family.view(state, null);
  expectViewsFitTheSchema(family, state);
  check.equal(hide(structuredClone(review)), hide(structuredClone(spectator)));
  for (const value of hidden(review)) expect(value).not.toBeNull();
  if (state.finished) check.equal(review, spectator);
}

/**
 * Plays a legal match (no junk) of `family` from `seed`, checking `expectReviewReveals` with
 * `hide` and `hidden` on every state it passes through; `legalMove` as in `playRandomly`.
 */
export function playReviewing<O, S extends { finished: boolean }, A, V, I>(
  family: Family<O, S, A, V, I>,
  options: O,
  seed: string,
  hide: (view: V) => V,
  hidden: (view: V) => readonly unknown[],
  legalMove: RandomRun<S, A>['legalMove'],
): { state: S; log: LoggedAction<A>[] } {
  const reviewed = family as unknown as Family<unknown, S, unknown, V, unknown>;
  return playRandomly(family, options, { seed, pJunk: 0, junk: [], maxSteps: 400, legalMove }, ({ after }) =>
    expectReviewReveals(reviewed, after, hide, hidden),
  );
}
