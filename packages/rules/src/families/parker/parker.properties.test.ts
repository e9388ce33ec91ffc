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
import { parker } from './parker';
import { PARKER_MOVES } from './pure';
import {
  parkerActionSchema,
  parkerOptionsSchema,
  type ParkerAction,
  type ParkerGameState,
  type ParkerOptions,
  type ParkerState,
} from './types';

const optionsArb: fc.Arbitrary<ParkerOptions> = fc
  .record({
    pegs: fc.integer({ min: 3, max: 5 }),
    colours: fc.integer({ min: 4, max: 10 }),
    repeats: fc.boolean(),
    games: fc.constantFrom(1, 3, 5, 7),
  })
  .filter((o) => o.repeats || o.colours >= o.pegs)
  .map((o) => parkerOptionsSchema.parse(o));

/** Anything the action schema lets through: the rules must refuse what is illegal without throwing. */
const junkArb: fc.Arbitrary<ParkerAction> = fc.oneof(...secretAndGuessJunkArbs);

const gameArb = matchArb(
  optionsArb,
  {
    /** chance that a guess is the other secret itself, so games end early as often as late */
    pBreak: fc.integer({ min: 2, max: 40 }).map((n) => n / 100),
  },
  junkArb,
  2,
);
type Game = typeof gameArb extends fc.Arbitrary<infer G> ? G : never;

/** 7 games of at most 16 guesses and 2 secrets each, plus junk: well under this. */
const MAX_STEPS = 400;

function currentGame(state: ParkerState): ParkerGameState {
  const game = state.games.at(-1);
  if (!game) throw new Error('a Parker match always has a game');
  return game;
}

const secretRules = (o: ParkerOptions): CodeRules => ({ pegs: o.pegs, colours: o.colours, repeats: o.repeats, blanks: false });

function legalMove(state: ParkerState, rng: Rng, game: Game): LoggedAction<ParkerAction> {
  const toAct = parker.status(state).toAct;
  const seat = toAct[rng.int(toAct.length)];
  if (seat === undefined) throw new Error('nobody to act in an unfinished match');
  const current = currentGame(state);
  if (current.secrets[seat as 0 | 1] === null) {
    return { seat, action: { type: 'setSecret', code: randomCode(rng, secretRules(state.options)) } };
  }
  const target = current.secrets[seat === 0 ? 1 : 0];
  if (!target) throw new Error('a guess is due only once both secrets are set');
  const code = rng.next() < game.pBreak ? [...target] : randomCode(rng, { ...secretRules(state.options), repeats: true });
  return { seat, action: { type: 'guess', code } };
}

/** Within a game only one seat may guess at a time. */
const outOfTurn = (_: ParkerState, legal: LoggedAction<ParkerAction>): Seat | null =>
  legal.action.type === 'guess' ? 1 - legal.seat : null;

// Now and then a seat runs out of time instead (docs/rules.md §5): timeouts are in every log these tests fold.
const play = randomPlayer(
  parker,
  MAX_STEPS,
  (state, rng, game: Game) => withTimeouts(parker, (s, r) => legalMove(s, r, game), 0.08)(state, rng),
  outOfTurn,
);

/** The move numbers of `seat`'s guesses: in order, skipping the ones it lost to the turn timer. */
function guessMoves(game: ParkerGameState, seat: 0 | 1): number[] {
  const out: number[] = [];
  for (let m = 1; out.length < game.guesses[seat].length; m++) if (!game.missed[seat].includes(m)) out.push(m);
  return out;
}

const brokeOn = (game: ParkerGameState, seat: 0 | 1, pegs: number): number | null => {
  const i = game.guesses[seat].findIndex((t) => t.score.black === pegs);
  return i < 0 ? null : (guessMoves(game, seat)[i] ?? null);
};

function expectNoLeak(state: ParkerState, viewer: Viewer): void {
  const game = currentGame(state);
  if (game.outcome !== null) return;
  const view = parker.view(state, viewer);
  const shown = view.games.at(-1);
  for (const owner of [0, 1] as const) {
    const secret = game.secrets[owner];
    if (secret === null || owner === viewer) continue;
    check.same(shown?.secrets[owner], null);
    // The secret's text may appear only where the view legitimately holds an equal array: a guess, a revealed
    // secret, or (a coincidence) the move numbers a seat lost to the timer.
    const needle = JSON.stringify(secret);
    const publicCodes: Code[] = view.games.flatMap((g) => [
      ...g.guesses.flatMap((turns) => turns.map((t) => t.guess)),
      ...g.secrets.filter((s): s is Code => s !== null),
      ...g.missed,
    ]);
    const legit = publicCodes.filter((c) => JSON.stringify(c) === needle).length;
    check.same(occurrences(JSON.stringify(view), needle), legit);
  }
}

describe('parker properties', () => {
  itGeneratesSchemaValidJunk(parkerActionSchema, junkArb);

  it('random play never throws, both seats always guess equally often, and games end by the rules', () => {
    const seen = { finished: 0, drawnGames: 0, wonGames: 0 };
    fc.assert(
      fc.property(gameArb, (game) => {
        const { state } = play(game, ({ after }) => {
          const { pegs } = after.options;
          for (const g of after.games) {
            check.same(g.first, (g.number - 1) % 2);
            // a move lost to the timer counts as used, like a guess
            const [n0, n1] = [g.guesses[0].length + g.missed[0].length, g.guesses[1].length + g.missed[1].length];
            for (const s of [0, 1] as const)
              check.equal(
                [...g.missed[s], ...guessMoves(g, s)].sort((a, b) => a - b),
                Array.from({ length: s === 0 ? n0 : n1 }, (_, i) => i + 1),
              );
            const nFirst = g.first === 0 ? n0 : n1;
            const nSecond = g.first === 0 ? n1 : n0;
            // the first mover is never behind, and never more than one guess ahead
            check.same(nFirst - nSecond === 0 || nFirst - nSecond === 1, true);
            expect(Math.max(n0, n1)).toBeLessThanOrEqual(PARKER_MOVES);
            const broke = [brokeOn(g, 0, pegs), brokeOn(g, 1, pegs)];
            if (g.outcome === null) {
              // an unfinished game holds no break from a completed move
              check.same(
                broke.every((b) => b === null || b > nSecond),
                true,
              );
              continue;
            }
            check.same(n0, n1);
            const moves = n0;
            check.same(
              broke.every((b) => b === null || b === moves),
              true,
            );
            if (broke[0] === null && broke[1] === null) check.same(moves, PARKER_MOVES);
            const winner = broke[0] !== null && broke[1] === null ? 0 : broke[1] !== null && broke[0] === null ? 1 : null;
            check.same(g.winner, winner);
            check.same(g.outcome, winner === null ? 'draw' : 'won');
          }
          const wins = [0, 1].map((s) => after.games.filter((g) => g.winner === s).length);
          check.equal(after.scores, wins);
          const ended = after.games.filter((g) => g.outcome !== null).length;
          check.same(after.finished, ended === after.options.games);
          const status = parker.status(after);
          check.equal(status.scores, after.scores);
          if (after.finished) {
            const [a, b] = after.scores;
            check.same(status.draw, a === b);
            check.equal(status.winners, a === b ? [] : [a > b ? 0 : 1]);
          }
        });
        if (state.finished) seen.finished++;
        seen.drawnGames += state.games.filter((g) => g.outcome === 'draw').length;
        seen.wonGames += state.games.filter((g) => g.outcome === 'won').length;
      }),
      { numRuns: 60 },
    );
    // Guards the generator itself: the runs must reach the interesting situations.
    expect(seen.finished).toBeGreaterThan(0);
    expect(seen.drawnGames).toBeGreaterThan(0);
    expect(seen.wonGames).toBeGreaterThan(0);
  });

  it('legal play finishes after exactly the chosen number of games', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { state } = play({ ...game, pJunk: 0 });
        check.same(state.finished, true);
        check.equal(
          state.games.map((g) => g.number),
          Array.from({ length: state.options.games }, (_, i) => i + 1),
        );
      }),
      { numRuns: 30 },
    );
  });

  itFoldsTheSameTwice(parker, gameArb, play, 30);

  it('never shows a seat the other seat’s secret, nor a spectator either, before the game ends', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        play(game, ({ after }) => {
          expectNoLeak(after, 0);
          expectNoLeak(after, 1);
          expectNoLeak(after, null);
        });
      }),
      { numRuns: 30 },
    );
  });

  itEndsByTimeoutsAlone(parker, optionsArb, 200);

  itNeverMutates(parker, gameArb, junkArb, 2, play, 20);
});
