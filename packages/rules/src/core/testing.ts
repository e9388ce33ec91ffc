import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { expect, it } from 'vitest';
import type { Code } from './code';
import { RULE_ERROR_CODES, type RuleErrorCode } from './errors';
import { foldLog, type AnyFamily, type Family, type LoggedAction, type Seat, type Viewer } from './family';
import { createRng, type Rng } from './rng';

/**
 * Helpers for the families' tests only (not exported from the package). They live here
 * because every family's tests need the same checks: apply never mutates, a refusal is a
 * typed error with a readable message that leaves the state alone, random play holds up.
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

/** Any code `codeSchema` lets through, legal in a game or not: the rules must refuse the illegal ones. */
export const schemaValidCodeArb: fc.Arbitrary<Code> = fc.array(fc.oneof(fc.integer({ min: 0, max: 15 }), fc.constant(null)), {
  minLength: 1,
  maxLength: 8,
});

/** A setSecret and a guess of any schema-valid code: junk for the families with codemakers (`fc.oneof(...)` them). */
export const secretAndGuessJunkArbs = [
  fc.record({ type: fc.constant('setSecret' as const), code: schemaValidCodeArb }),
  fc.record({ type: fc.constant('guess' as const), code: schemaValidCodeArb }),
] as const;

/** What a family's `matchArb` draws: options, seed, its own chances, and the junk of `RandomRun`. */
export type MatchDraw<O, A, X extends Record<string, fc.Arbitrary<unknown>>> = {
  options: O;
  seed: string;
  /** chance that a step is a random action from a random seat instead of a legal move */
  pJunk: number;
  junk: [Seat, A][];
} & { [K in keyof X]: X[K] extends fc.Arbitrary<infer T> ? T : never };

/**
 * A random match to hand `playRandomly`: the options, a seed, the family's own chances
 * (`chances`), then how often and what junk comes, from seats -1 to `maxSeat` (so also seats
 * that do not exist).
 */
export function matchArb<O, A, X extends Record<string, fc.Arbitrary<unknown>>>(
  options: fc.Arbitrary<O>,
  chances: X,
  junk: fc.Arbitrary<A>,
  maxSeat: number,
): fc.Arbitrary<MatchDraw<O, A, X>> {
  return fc.record({
    options,
    seed: fc.string(),
    ...chances,
    pJunk: fc.integer({ min: 0, max: 30 }).map((n) => n / 100),
    junk: fc.array(fc.tuple(fc.integer({ min: -1, max: maxSeat }), junk), { minLength: 1, maxLength: 20 }),
  }) as unknown as fc.Arbitrary<MatchDraw<O, A, X>>;
}

/** The test that every junk action passes the action schema, so that the rules (not the schema) must refuse them. */
export function itGeneratesSchemaValidJunk<A>(
  actionSchema: { safeParse: (a: unknown) => { success: boolean } },
  junk: fc.Arbitrary<A>,
): void {
  it('the generated junk actions are schema-valid, so the rules (not the schema) must refuse them', () => {
    fc.assert(
      fc.property(junk, (a) => {
        check.same(actionSchema.safeParse(a).success, true);
      }),
    );
  });
}

/** The test that folding the log of a random match twice gives its state both times (`expectFoldReproduces`). */
export function itFoldsTheSameTwice<O, S, A, V, I, G extends { options: O; seed: string }>(
  family: Family<O, S, A, V, I>,
  games: fc.Arbitrary<G>,
  play: (game: G) => { state: S; log: LoggedAction<A>[] },
  numRuns: number,
): void {
  it('folding the same log twice gives the same state', () => {
    fc.assert(
      fc.property(games, (game) => {
        const { state, log } = play(game);
        expectFoldReproduces(family, game.options, game.seed, log, state);
      }),
      { numRuns },
    );
  });
}

/** The test that `apply` (and `view`, `status`) leave every state of a random match untouched (`expectUntouched`). */
export function itNeverMutates<O, S, A, V, I, G>(
  family: Family<O, S, A, V, I>,
  games: fc.Arbitrary<G>,
  junk: fc.Arbitrary<A>,
  maxSeat: number,
  play: (game: G, onStep: (step: Step<S, A>) => void) => unknown,
  numRuns: number,
): void {
  it('apply never mutates the state it is given', () => {
    fc.assert(
      fc.property(games, junk, fc.integer({ min: -1, max: maxSeat }), (game, action, seat) => {
        // play() already hands apply only deep-frozen states; here also compare before and after
        play(game, ({ before }) => {
          expectUntouched(family, before, seat, action);
        });
      }),
      { numRuns },
    );
  });
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

/**
 * Wraps a family's `legalMove` so that, with chance `p`, a seat that owes a move runs out of
 * time instead: the move is then the family's own `timeoutFor`, as the server would append it.
 */
export function withTimeouts<S, A>(
  family: Family<unknown, S, A, unknown, unknown>,
  legalMove: (state: S, rng: Rng) => LoggedAction<A>,
  p: number,
): (state: S, rng: Rng) => LoggedAction<A> {
  return (state, rng) => {
    if (rng.next() >= p) return legalMove(state, rng);
    const toAct = family.status(state).toAct;
    const seat = toAct[rng.int(toAct.length)];
    const action = seat === undefined ? null : family.timeoutFor(state, seat, rng);
    if (seat === undefined || action === null) throw new Error('an unfinished match owes a move, so somebody can time out');
    return { seat, action };
  };
}

/** The action types of a log, in order (to check that timeouts were played). */
export const actionTypes = (log: readonly LoggedAction<unknown>[]): string[] =>
  log.map((e) => String((e.action as { type?: unknown }).type));

/**
 * The turn timer's guarantees, for one family over options drawn by `options`:
 * - `timeoutFor` offers a timeout exactly to the seats in `status.toAct`, and `apply` accepts it;
 * - every timeout moves the match on, so a table where nobody ever plays still ends, within
 *   `maxSteps` timeouts; and its log folds to the same state from any seed that deals the same.
 */
export function itEndsByTimeoutsAlone<O, S extends { finished: boolean }, A, V, I>(
  family: Family<O, S, A, V, I>,
  options: fc.Arbitrary<O>,
  maxSteps: number,
): void {
  it('a table where every seat always runs out of time still ends, one timeout after another', () => {
    fc.assert(
      fc.property(options, fc.string(), fc.nat(), (opts, seed, pick) => {
        let state = deepFreeze(family.setup(opts, seed));
        const log: LoggedAction<A>[] = [];
        const rng = createRng(`${seed}/timeouts`);
        while (!state.finished) {
          expect(log.length).toBeLessThan(maxSteps);
          const status = family.status(state);
          const seats = Array.from({ length: family.seatCount(opts) + 1 }, (_, s) => s - 1).concat(family.seatCount(opts));
          for (const s of seats) {
            // only a seat that owes a move can run out of time
            const offered = family.timeoutFor(state, s, rng);
            check.same(offered !== null, status.toAct.includes(s));
            if (offered === null) {
              const refused = family.apply(state, s, { type: 'timeout' } as A);
              expect(refused.ok ? 'accepted' : refused.error.code).toMatch(/NOT_YOUR_TURN|NOT_A_PLAYER/);
            }
          }
          const seat = status.toAct[pick % status.toAct.length] as Seat;
          const action = family.timeoutFor(state, seat, rng) as A;
          const r = family.apply(state, seat, action);
          if (!r.ok) throw new Error(`a timeout was refused: ${r.error.code} ${r.error.message}`);
          // progress: the state after a timeout is never the state before it
          expect(r.state).not.toEqual(state);
          log.push({ seat, action });
          state = deepFreeze(r.state);
        }
        check.equal(foldLog(family, opts, seed, log), state);
        check.equal(family.status(state).toAct, []);
      }),
      { numRuns: 40 },
    );
  });
}

/**
 * A match played as the server plays it, with the family's turn clock folded along (the match
 * created at 0, each move stored at its `at`): the state, and when each seat owing a move began to owe it.
 */
export function playClocked<O, S, A, V, I, L>(
  family: Family<O, S, A, V, I, L>,
  options: O,
  seed: string,
  moves: readonly { seat: Seat; action: A; at: number }[],
): { state: S; started: Map<Seat, number> } {
  let state = family.setup(options, seed);
  let started = family.turnClock.started(new Map(), family.status(state), null, 0);
  for (const m of moves) {
    state = applyOrThrow(family, state, m.seat, m.action);
    started = family.turnClock.started(started, family.status(state), m.seat, m.at);
  }
  return { state, started };
}

/** The family's `lastMove` after `moves` (from `setup`), as `viewer` reads it with the snapshot's `last`: seq, seat, the action's type. */
export function lastMoveAfter<O, S, A extends { type: string }, V, I, L>(
  family: Family<O, S, A, V, I, L>,
  options: O,
  seed: string,
  moves: readonly [Seat, A][],
  viewer: Viewer = 0,
): L | null {
  const state = moves.reduce((s, [seat, action]) => applyOrThrow(family, s, seat, action), family.setup(options, seed));
  const last = moves[moves.length - 1];
  return family.lastMove(family.view(state, viewer), last ? { seq: moves.length, seat: last[0], type: last[1].type } : null);
}
