import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Code, CodeRules } from '../../core/code';
import { foldLog, type LoggedAction, type Seat, type Viewer } from '../../core/family';
import { createRng, randomCode, type Rng } from '../../core/rng';
import { isPossibleScore, scoreGuess, type Score } from '../../core/score';
import { check, occurrences, randomPlayer } from '../../core/testing';
import { itGeneratesSchemaValidJunk, itNeverMutates, matchArb, secretAndGuessJunkArbs } from '../../core/testing-properties';
import { itEndsByTimeoutsAlone, withTimeouts } from '../../core/testing-clock';
import { duel } from './duel';
import { duelActionSchema, duelOptionsSchema, type DuelAction, type DuelOptions, type DuelRound, type DuelState } from './types';

const optionsArb: fc.Arbitrary<DuelOptions> = fc
  .record({
    pegs: fc.integer({ min: 3, max: 6 }),
    colours: fc.integer({ min: 4, max: 10 }),
    repeats: fc.boolean(),
    blanks: fc.boolean(),
    guesses: fc.integer({ min: 8, max: 15 }),
    rounds: fc.constantFrom(2, 4, 6, 12),
    scoring: fc.constantFrom('rounds' as const, 'points' as const),
    handScoring: fc.boolean(),
  })
  // Without repeats a secret needs `pegs` distinct values; the schema does not yet refuse the impossible mixes.
  .filter((o) => o.repeats || o.blanks || o.colours >= o.pegs)
  .map((o) => duelOptionsSchema.parse(o));

/** Anything the action schema lets through: the rules must refuse what is illegal without throwing. */
const junkArb: fc.Arbitrary<DuelAction> = fc.oneof(
  ...secretAndGuessJunkArbs,
  fc.record({
    type: fc.constant('score' as const),
    black: fc.integer({ min: 0, max: 8 }),
    white: fc.integer({ min: 0, max: 8 }),
  }),
);

const gameArb = matchArb(
  optionsArb,
  {
    /** chance that a guess is the secret itself, so rounds end early as often as late */
    pBreak: fc.integer({ min: 2, max: 50 }).map((n) => n / 100),
    /** chance that a hand score is a (possibly) wrong one; kept low or replays never end */
    pWrongScore: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 15 }).map((n) => n / 100),
    ),
  },
  junkArb,
  2,
);
type Game = typeof gameArb extends fc.Arbitrary<infer G> ? G : never;

const MAX_STEPS = 500;

function currentRound(state: DuelState): DuelRound {
  const round = state.rounds.at(-1);
  if (!round) throw new Error('a duel always has a round');
  return round;
}

const secretRules = (o: DuelOptions): CodeRules => ({ pegs: o.pegs, colours: o.colours, repeats: o.repeats, blanks: o.blanks });

function anyPossibleScore(rng: Rng, pegs: number): Score {
  for (;;) {
    const s = { black: rng.int(pegs + 1), white: rng.int(pegs + 1) };
    if (isPossibleScore(s, pegs)) return s;
  }
}

/** The move an honest (and omniscient) player would make now, with some randomness. */
function legalMove(state: DuelState, rng: Rng, game: Game): LoggedAction<DuelAction> {
  const [seat] = duel.status(state).toAct;
  if (seat === undefined) throw new Error('nobody to act in an unfinished match');
  const round = currentRound(state);
  const { options } = state;
  if (round.secret === null) return { seat, action: { type: 'setSecret', code: randomCode(rng, secretRules(options)) } };
  const last = round.rows.at(-1);
  if (last && last.score === null) {
    const s = rng.next() < game.pWrongScore ? anyPossibleScore(rng, options.pegs) : last.trueScore;
    return { seat, action: { type: 'score', black: s.black, white: s.white } };
  }
  const code = rng.next() < game.pBreak ? [...round.secret] : randomCode(rng, { ...secretRules(options), repeats: true });
  return { seat, action: { type: 'guess', code } };
}

/** The very same move from the other seat is always out of turn. */
const outOfTurn = (_: DuelState, legal: LoggedAction<DuelAction>): Seat => 1 - legal.seat;

/** Plays a match from `game` on deep-frozen states (see `playRandomly`), calling `onStep` after each accepted action. */
// Now and then a seat runs out of time instead (docs/rules.md §5): timeouts are in every log these tests fold.
const play = randomPlayer(
  duel,
  MAX_STEPS,
  (state, rng, game: Game) => withTimeouts(duel, (s, r) => legalMove(s, r, game), 0.08)(state, rng),
  outOfTurn,
);

function expectNoLeak(state: DuelState, viewer: Viewer): void {
  const round = currentRound(state);
  if (round.outcome !== null || round.secret === null) return;
  const index = state.rounds.length - 1;
  const view = duel.view(state, viewer);
  const shown = view.rounds[index];
  check.same(shown?.secret, null);
  check.same(
    shown?.rows.every((row) => row.trueScore === null),
    true,
  );
  // The secret's text may appear only where the view legitimately holds an equal array: a guess, a revealed
  // secret, or (a coincidence) the row numbers a codebreaker lost to the timer.
  const needle = JSON.stringify(round.secret);
  const publicCodes: Code[] = view.rounds.flatMap((r) => [
    ...r.rows.map((row) => row.guess),
    ...(r.secret ? [r.secret] : []),
    r.missed,
  ]);
  const legit = publicCodes.filter((c) => JSON.stringify(c) === needle).length;
  check.same(occurrences(JSON.stringify(view), needle), legit);
}

/** The same state with another secret (and the true scores that go with it) in the unfinished round. */
function withOtherSecret(state: DuelState, rng: Rng): DuelState | null {
  const round = currentRound(state);
  if (round.outcome !== null || round.secret === null) return null;
  const secret = randomCode(rng, secretRules(state.options));
  const rows = round.rows.map((row) => ({ ...row, trueScore: scoreGuess(secret, row.guess) }));
  return { ...state, rounds: [...state.rounds.slice(0, -1), { ...round, secret, rows }] };
}

describe('duel properties', () => {
  itGeneratesSchemaValidJunk(duelActionSchema, junkArb);

  it('random play never throws, and every state obeys the bookkeeping invariants', () => {
    // Guards the generator itself: the runs must reach the interesting situations.
    const seen = { finished: 0, faulty: 0, handScored: 0 };
    fc.assert(
      fc.property(gameArb, (game) => {
        const { state } = play(game, ({ after }) => {
          const status = duel.status(after);
          const sums = after.rounds.reduce<[number, number]>((acc, r) => [acc[0] + r.gained[0], acc[1] + r.gained[1]], [0, 0]);
          check.equal(after.scores, sums);
          check.equal(status.scores, after.scores);
          const played = after.rounds.filter((r) => r.outcome !== null && !r.faulty).length;
          expect(played).toBeLessThanOrEqual(after.options.rounds);
          check.same(after.finished, played === after.options.rounds);
          expect(status.toAct).toHaveLength(after.finished ? 0 : 1);
          // roles follow the round number, so a replay keeps them
          for (const r of after.rounds) {
            check.same(r.codemaker, (r.number - 1) % 2);
            check.same(r.codebreaker, 1 - r.codemaker);
            expect(r.rows.length).toBeLessThanOrEqual(after.options.guesses);
          }
          if (!after.options.handScoring)
            check.same(
              after.rounds.some((r) => r.faulty),
              false,
            );
          if (after.finished) {
            check.same(status.draw, after.scores[0] === after.scores[1]);
            check.equal(status.winners, status.draw ? [] : [after.scores[0] > after.scores[1] ? 0 : 1]);
          }
        });
        if (state.finished) seen.finished++;
        if (state.rounds.some((r) => r.faulty)) seen.faulty++;
        if (state.options.handScoring) seen.handScored++;
      }),
      { numRuns: 60 },
    );
    expect(seen.finished).toBeGreaterThan(0);
    expect(seen.faulty).toBeGreaterThan(0);
    expect(seen.handScored).toBeGreaterThan(0);
  });

  it('honest play finishes after exactly the chosen number of rounds', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { state } = play({ ...game, pWrongScore: 0, pJunk: 0, pBreak: Math.max(game.pBreak, 0.1) });
        check.same(state.finished, true);
        expect(state.rounds).toHaveLength(state.options.rounds);
        check.equal(
          state.rounds.map((r) => r.number),
          state.rounds.map((_, i) => i + 1),
        );
        check.same(
          state.rounds.some((r) => r.faulty),
          false,
        );
      }),
      { numRuns: 40 },
    );
  });

  it('folding the same log twice gives the same state, whatever the seed', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { state, log } = play(game);
        const once = foldLog(duel, game.options, game.seed, log);
        const twice = foldLog(duel, game.options, `${game.seed}!`, log);
        check.equal(once, twice);
        check.equal(once, state);
      }),
      { numRuns: 40 },
    );
  });

  it('never lets the codebreaker or a spectator see the secret before the round ends', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const rng = createRng(`${game.seed}/other`);
        play(game, ({ after }) => {
          if (after.finished) return;
          const { codebreaker, codemaker } = currentRound(after);
          expectNoLeak(after, codebreaker);
          expectNoLeak(after, null);
          // What they see must not depend on the secret at all.
          const other = withOtherSecret(after, rng);
          if (other) {
            check.equal(duel.view(other, codebreaker), duel.view(after, codebreaker));
            check.equal(duel.view(other, null), duel.view(after, null));
            // ...whereas the codemaker's view does change: the comparison above can tell views apart
            check.equal(duel.view(after, codemaker).rounds.at(-1)?.secret, currentRound(after).secret);
          }
        });
      }),
      { numRuns: 50 },
    );
  });

  itEndsByTimeoutsAlone(duel, optionsArb, 500);

  itNeverMutates(duel, gameArb, junkArb, 2, play, 30);
});
