import fc from 'fast-check';
import { it } from 'vitest';
import type { Code } from './code';
import type { Family, LoggedAction, Seat } from './family';
import { check, expectFoldReproduces, expectUntouched, type Step } from './testing';

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
