import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import type { LoggedAction, Seat, Viewer } from '../../core/family';
import { createRng, randomCode, type Rng } from '../../core/rng';
import { inconsistentRow } from '../../core/score';
import { check, expectViewsFitTheSchema, playReviewing, randomPlayer } from '../../core/testing';
import {
  itFoldsTheSameTwice,
  itGeneratesSchemaValidJunk,
  itNeverMutates,
  matchArb,
  schemaValidCodeArb,
} from '../../core/testing-properties';
import { itEndsByTimeoutsAlone, withTimeouts } from '../../core/testing-clock';
import { race, racePlaces } from './race';
import { raceGuessRules } from './pure';
import { raceActionSchema, raceOptionsSchema, type RaceAction, type RaceOptions, type RaceState, type RaceView } from './types';

const optionsArb: fc.Arbitrary<RaceOptions> = fc
  .record({
    players: fc.integer({ min: 1, max: 8 }),
    pegs: fc.integer({ min: 3, max: 6 }),
    colours: fc.integer({ min: 6, max: 8 }),
    repeats: fc.boolean(),
    blanks: fc.boolean(),
    guesses: fc.integer({ min: 8, max: 12 }),
    hard: fc.boolean(),
  })
  .map((o) => raceOptionsSchema.parse(o));

/** Anything the action schema lets through: the rules must refuse what is illegal without throwing. */
const junkArb: fc.Arbitrary<RaceAction> = fc.oneof(
  fc.record({ type: fc.constant('guess' as const), code: schemaValidCodeArb }),
  fc.record({ type: fc.constant('timeout' as const) }),
  fc.record({ type: fc.constant('timeout' as const), code: schemaValidCodeArb }),
);

/** chance that a guess is the code itself, so boards end early as often as late */
const gameArb = matchArb(optionsArb, { pBreak: fc.integer({ min: 2, max: 40 }).map((n) => n / 100) }, junkArb, 8);
type Game = typeof gameArb extends fc.Arbitrary<infer G> ? G : never;

/**
 * A random guess that hard mode lets `seat` play: a few random draws, then the code itself (which
 * always fits every row), so hard boards still end early and late.
 */
function hardGuess(state: RaceState, seat: Seat, rng: Rng): Code {
  const rows = state.boards[seat]?.rows ?? [];
  for (let i = 0; i < 20; i++) {
    const code = randomCode(rng, raceGuessRules(state.options));
    if (inconsistentRow(code, rows) === null) return code;
  }
  return [...state.code];
}

/** A move of a seat still racing (any of them: they all guess at once), with some randomness. */
function legalMove(state: RaceState, rng: Rng, pBreak: number): LoggedAction<RaceAction> {
  const { toAct } = race.status(state);
  const seat = toAct[rng.int(toAct.length)];
  if (seat === undefined) throw new Error('nobody to act in an unfinished race');
  const code =
    rng.next() < pBreak
      ? [...state.code]
      : state.options.hard
        ? hardGuess(state, seat, rng)
        : randomCode(rng, raceGuessRules(state.options));
  return { seat, action: { type: 'guess', code } };
}

// Now and then a seat runs out of time instead (docs/rules.md §5): timeouts are in every log these tests fold.
const play = randomPlayer(race, 400, (state, rng, game: Game) =>
  withTimeouts(race, (s, r) => legalMove(s, r, game.pBreak), 0.1)(state, rng),
);

const usedOf = (state: RaceState, seat: Seat): number => {
  const b = state.boards[seat];
  return b ? b.rows.length + b.missed.length : 0;
};

/** The ranking as docs/rules.md states it, worked out again from the log's facts alone. */
function expectedPlaces(state: RaceState): (number | null)[] {
  const [first, ...others] = state.breakers;
  const ranked =
    first === undefined
      ? []
      : [first, ...[...others].sort((a, b) => usedOf(state, a) - usedOf(state, b) || others.indexOf(a) - others.indexOf(b))];
  return state.boards.map((_, seat) => {
    if (ranked.includes(seat)) return ranked.indexOf(seat) + 1;
    return usedOf(state, seat) >= state.options.guesses ? ranked.length + 1 : null;
  });
}

/**
 * What `viewer` may know, and nothing more: its own rows, the others' key pegs. The same state
 * with the code and every other seat's guesses replaced (the scores kept) must give it the same view.
 */
function scrambled(state: RaceState, viewer: Viewer, rng: Rng): RaceState {
  const rules = raceGuessRules(state.options);
  return {
    ...state,
    code: randomCode(rng, { ...rules, repeats: state.options.repeats }),
    boards: state.boards.map((b, seat) =>
      seat === viewer ? b : { ...b, rows: b.rows.map((r) => ({ ...r, guess: randomCode(rng, rules) })) },
    ),
  };
}

function expectPegsOnly(view: RaceView, viewer: Viewer, guesses: readonly Code[][]): void {
  check.same(view.code, null);
  for (const board of view.boards) {
    if (board.seat === viewer) {
      check.same(board.shown, 'code');
      continue;
    }
    check.same(board.shown, 'pegs');
    for (const row of board.rows) check.equal(Object.keys(row), ['score']);
    expect(board.rows).toHaveLength(guesses[board.seat]?.length ?? 0);
  }
}

describe('race properties', () => {
  itGeneratesSchemaValidJunk(raceActionSchema, junkArb);

  it('random play never throws, and every state keeps its bookkeeping: owers, scores, places, the end', () => {
    const seen = { finished: 0, several: 0, out: 0 };
    fc.assert(
      fc.property(gameArb, (game) => {
        const { state } = play(game, ({ before, seat, action, after }) => {
          const status = race.status(after);
          check.equal(
            status.scores,
            after.boards.map((_, s) => usedOf(after, s)),
          );
          const racing = after.boards.flatMap((_, s) =>
            !after.breakers.includes(s) && usedOf(after, s) < after.options.guesses ? [s] : [],
          );
          check.equal(status.toAct, racing);
          check.equal(
            status.owes,
            racing.map((s) => ({ seat: s, kind: 'guess' })),
          );
          check.same(after.finished, racing.length === 0);
          check.equal(racePlaces(after), expectedPlaces(after));
          // each accepted action uses exactly one row of its own seat's board, and no other board changes
          check.same(usedOf(after, seat), usedOf(before, seat) + 1);
          for (let s = 0; s < after.boards.length; s++) if (s !== seat) check.same(after.boards[s], before.boards[s]);
          // a breaker is added exactly when its guess is the code, at the end of the order
          const broke = action.type === 'guess' && JSON.stringify(action.code) === JSON.stringify(after.code);
          check.equal(after.breakers, broke ? [...before.breakers, seat] : before.breakers);
          if (after.finished) {
            check.equal(status.winners, after.breakers.slice(0, 1));
            check.same(status.draw, after.breakers.length === 0 && after.boards.length > 1);
            check.same(
              racePlaces(after).every((p) => p !== null),
              true,
            );
          }
        });
        if (state.finished) seen.finished++;
        if (state.breakers.length > 1) seen.several++;
        if (racePlaces(state).some((p, s) => p !== null && !state.breakers.includes(s))) seen.out++;
      }),
      { numRuns: 80 },
    );
    expect(seen.finished).toBeGreaterThan(0);
    expect(seen.several).toBeGreaterThan(0);
    expect(seen.out).toBeGreaterThan(0);
  });

  it('shows every viewer, at every step, its own rows and the others’ key pegs only, until the end', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const rng = createRng(`${game.seed}/scramble`);
        play(game, ({ after }) => {
          expectViewsFitTheSchema(race, after);
          const viewers: Viewer[] = [null, ...after.boards.map((_, s) => s)];
          const guesses = after.boards.map((b) => b.rows.map((r) => r.guess));
          for (const viewer of viewers) {
            const view = race.view(after, viewer);
            if (after.finished) {
              check.equal({ ...view, viewer: null }, race.review(after));
              continue;
            }
            expectPegsOnly(view, viewer, guesses);
            // nothing the viewer may not know changes what it is shown
            check.equal(race.view(scrambled(after, viewer, rng), viewer), view);
          }
        });
      }),
      { numRuns: 50 },
    );
  });

  it('the review shows every board in full and the code at every step of a legal race', () => {
    fc.assert(
      fc.property(optionsArb, fc.string(), (options, seed) => {
        playReviewing(
          race,
          options,
          seed,
          (v) => ({
            ...v,
            code: null,
            boards: v.boards.map((b) => ({ ...b, shown: 'pegs' as const, rows: b.rows.map((r) => ({ score: r.score })) })),
          }),
          (v) => [v.code],
          (state, rng) => legalMove(state, rng, 0.2),
        );
      }),
      { numRuns: 30 },
    );
  });

  it('in hard mode accepts exactly the guesses that could still be the code, given the seat’s own rows', () => {
    const seen = { refused: 0, accepted: 0 };
    fc.assert(
      fc.property(gameArb, (game) => {
        const rng = createRng(`${game.seed}/hard`);
        play(game, ({ after }) => {
          if (after.finished) return;
          for (const seat of race.status(after).toAct) {
            const code = randomCode(rng, raceGuessRules(after.options));
            const result = race.apply(after, seat, { type: 'guess', code });
            const fits = inconsistentRow(code, after.boards[seat]?.rows ?? []) === null;
            if (after.options.hard && !fits) {
              seen.refused++;
              check.same(result.ok ? null : result.error.code, 'INCONSISTENT_GUESS');
            } else {
              seen.accepted++;
              check.same(result.ok, true);
            }
          }
        });
      }),
      { numRuns: 40 },
    );
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.accepted).toBeGreaterThan(0);
  });

  itFoldsTheSameTwice(race, gameArb, (game) => play(game), 40);

  itEndsByTimeoutsAlone(race, optionsArb, 8 * 12 + 1);

  itNeverMutates(race, gameArb, junkArb, 8, play, 25);
});
