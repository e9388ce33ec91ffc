import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Code, CodeRules } from '../../core/code';
import type { LoggedAction, Seat, Viewer } from '../../core/family';
import { randomCode, type Rng } from '../../core/rng';
import { check, occurrences, randomPlayer } from '../../core/testing';
import {
  itFoldsTheSameTwice,
  itGeneratesSchemaValidJunk,
  itNeverMutates,
  matchArb,
  secretAndGuessJunkArbs,
} from '../../core/testing-properties';
import { itEndsByTimeoutsAlone, withTimeouts } from '../../core/testing-clock';
import { rotation } from './rotation';
import { rotationCodemakerPoints, rotationGuessPoints } from './pure';
import {
  rotationActionSchema,
  rotationOptionsSchema,
  type RotationAction,
  type RotationOptions,
  type RotationRound,
  type RotationState,
} from './types';

const optionsArb: fc.Arbitrary<RotationOptions> = fc
  .record({
    players: fc.constantFrom(3 as const, 4 as const, 5 as const),
    pegs: fc.integer({ min: 3, max: 6 }),
    colours: fc.integer({ min: 4, max: 10 }),
    repeats: fc.boolean(),
    guesses: fc.integer({ min: 8, max: 12 }),
  })
  .filter((o) => o.repeats || o.colours >= o.pegs)
  .map((o) => rotationOptionsSchema.parse(o));

/** Anything the action schema lets through: the rules must refuse what is illegal without throwing. */
const junkArb: fc.Arbitrary<RotationAction> = fc.oneof(...secretAndGuessJunkArbs);

const gameArb = matchArb(
  optionsArb,
  {
    /** chance that a guess is the secret itself, so rounds end early as often as late */
    pBreak: fc.integer({ min: 2, max: 40 }).map((n) => n / 100),
  },
  junkArb,
  5,
);
type Game = typeof gameArb extends fc.Arbitrary<infer G> ? G : never;

/** 5 rounds of at most 12 rows and a secret each, plus junk: well under this. */
const MAX_STEPS = 300;

function currentRound(state: RotationState): RotationRound {
  const round = state.rounds.at(-1);
  if (!round) throw new Error('a rotation always has a round');
  return round;
}

const secretRules = (o: RotationOptions): CodeRules => ({ pegs: o.pegs, colours: o.colours, repeats: o.repeats, blanks: false });

function legalMove(state: RotationState, rng: Rng, game: Game): LoggedAction<RotationAction> {
  const [seat] = rotation.status(state).toAct;
  if (seat === undefined) throw new Error('nobody to act in an unfinished match');
  const round = currentRound(state);
  if (round.secret === null) return { seat, action: { type: 'setSecret', code: randomCode(rng, secretRules(state.options)) } };
  const code = rng.next() < game.pBreak ? [...round.secret] : randomCode(rng, { ...secretRules(state.options), repeats: true });
  return { seat, action: { type: 'guess', code } };
}

/** The very same move from any other seat is out of turn. */
const outOfTurn = (state: RotationState, legal: LoggedAction<RotationAction>, rng: Rng): Seat =>
  (legal.seat + 1 + rng.int(state.options.players - 1)) % state.options.players;

// Now and then a seat runs out of time instead (docs/rules.md §5): timeouts are in every log these tests fold.
const play = randomPlayer(
  rotation,
  MAX_STEPS,
  (state, rng, game: Game) => withTimeouts(rotation, (s, r) => legalMove(s, r, game), 0.08)(state, rng),
  outOfTurn,
);

function expectNoLeak(state: RotationState, viewer: Viewer): void {
  const round = currentRound(state);
  if (round.outcome !== null || round.secret === null || viewer === round.codemaker) return;
  const view = rotation.view(state, viewer);
  check.same(view.rounds.at(-1)?.secret, null);
  // The secret's text may appear only where the view legitimately holds an equal array: a row, a revealed
  // secret, or (a coincidence with codes of 3 to 5 pegs) the points per seat.
  const needle = JSON.stringify(round.secret);
  const publicCodes: Code[] = [
    view.scores,
    ...view.rounds.flatMap((r) => [...r.rows.map((row) => row.guess), ...(r.secret ? [r.secret] : []), r.gained]),
  ];
  const legit = publicCodes.filter((c) => JSON.stringify(c) === needle).length;
  check.same(occurrences(JSON.stringify(view), needle), legit);
}

describe('rotation properties', () => {
  itGeneratesSchemaValidJunk(rotationActionSchema, junkArb);

  it('random play never throws, and every total is the sum of its events', () => {
    const seen = { finished: 0, failed: 0 };
    fc.assert(
      fc.property(gameArb, (game) => {
        const { state } = play(game, ({ after }) => {
          const { options } = after;
          // Recompute every point from the rows and round ends alone, independently of the bookkeeping.
          const events = Array.from({ length: options.players }, () => 0);
          for (const round of after.rounds) {
            for (const row of round.rows) {
              check.same(row.points, rotationGuessPoints(row.score, options.pegs));
              events[row.seat] = (events[row.seat] ?? 0) + row.points;
            }
            if (round.outcome !== null) {
              // a row lost to the timer is a row of the board used up
              const brokenOn = round.outcome === 'broken' ? round.rows.length + round.missed.length : null;
              check.same(round.codemakerPoints, rotationCodemakerPoints(options.players, brokenOn));
              events[round.codemaker] = (events[round.codemaker] ?? 0) + (round.codemakerPoints ?? 0);
            } else {
              check.same(round.codemakerPoints, null);
            }
            expect(round.rows.length + round.missed.length).toBeLessThanOrEqual(options.guesses);
            check.same(
              round.rows.every((row) => row.seat !== round.codemaker),
              true,
            );
          }
          check.equal(after.scores, events);
          const sums = after.rounds.reduce(
            (acc, r) => acc.map((v, s) => v + (r.gained[s] ?? 0)),
            Array<number>(options.players).fill(0),
          );
          check.equal(after.scores, sums);
          const status = rotation.status(after);
          check.equal(status.scores, after.scores);
          expect(status.toAct).toHaveLength(after.finished ? 0 : 1);
          if (after.finished) {
            const best = Math.max(...after.scores);
            const top = after.scores.flatMap((s, seat) => (s === best ? [seat] : []));
            check.same(status.draw, top.length === options.players);
            check.equal(status.winners, status.draw ? [] : top);
          }
        });
        if (state.finished) seen.finished++;
        if (state.rounds.some((r) => r.outcome === 'failed')) seen.failed++;
      }),
      { numRuns: 60 },
    );
    // Guards the generator itself: the runs must reach the interesting situations.
    expect(seen.finished).toBeGreaterThan(0);
    expect(seen.failed).toBeGreaterThan(0);
  });

  it('legal play finishes after N rounds, seat r − 1 making round r, the guessers taking turns', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { state } = play({ ...game, pJunk: 0 });
        const n = state.options.players;
        check.same(state.finished, true);
        check.equal(
          state.rounds.map((r) => r.codemaker),
          Array.from({ length: n }, (_, i) => i),
        );
        for (const round of state.rounds) {
          const breakers = Array.from({ length: n - 1 }, (_, i) => (round.codemaker + 1 + i) % n);
          // board row k belongs to breakers[(k - 1) mod (n - 1)], whether it was placed or lost to the timer
          const lost = new Map(round.missed.map((m) => [m.row, m.seat]));
          const used = round.rows.length + round.missed.length;
          const placedRows = Array.from({ length: used }, (_, i) => i + 1).filter((k) => !lost.has(k));
          check.equal(
            round.rows.map((row) => row.seat),
            placedRows.map((k) => breakers[(k - 1) % (n - 1)]),
          );
          for (const [k, seat] of lost) check.same(seat, breakers[(k - 1) % (n - 1)]);
        }
      }),
      { numRuns: 40 },
    );
  });

  itFoldsTheSameTwice(rotation, gameArb, play, 30);

  it('never shows the secret to a codebreaker or a spectator before the round ends', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        play(game, ({ after }) => {
          for (let seat = 0; seat < after.options.players; seat++) expectNoLeak(after, seat);
          expectNoLeak(after, null);
        });
      }),
      { numRuns: 30 },
    );
  });

  itEndsByTimeoutsAlone(rotation, optionsArb, 100);

  itNeverMutates(rotation, gameArb, junkArb, 5, play, 20);
});
