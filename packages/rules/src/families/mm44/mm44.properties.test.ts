import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import type { LoggedAction, Seat } from '../../core/family';
import { createRng, type Rng } from '../../core/rng';
import { check, occurrences, randomPlayer } from '../../core/testing';
import {
  itFoldsTheSameTwice,
  itGeneratesSchemaValidJunk,
  itNeverMutates,
  matchArb,
  schemaValidCodeArb,
} from '../../core/testing-properties';
import { itEndsByTimeoutsAlone, withTimeouts } from '../../core/testing-clock';
import { mm44, mm44Answer, mm44Code, mm44Deal } from './mm44';
import { MM44_COLOURS, MM44_COUNTERS_PER_COLOUR, MM44_HOLES, MM44_SEATINGS } from './pure';
import { mm44ActionSchema, mm44OptionsSchema, type Mm44Action, type Mm44Options, type Mm44State } from './types';

const optionsArb: fc.Arbitrary<Mm44Options> = fc
  .record({ seating: fc.constantFrom(...MM44_SEATINGS), rows: fc.integer({ min: 4, max: 10 }) })
  .map((o) => mm44OptionsSchema.parse(o));

/** Anything the action schema lets through: the rules must refuse what is illegal without throwing. */
const junkArb: fc.Arbitrary<Mm44Action> = fc.oneof(
  fc.record({ type: fc.constant('row' as const), code: schemaValidCodeArb }),
  fc.record({ type: fc.constant('call' as const), code: schemaValidCodeArb }),
  fc.constant({ type: 'pass' as const }),
);

const gameArb = matchArb(
  optionsArb,
  {
    /** chance that a step of play is a call by some seat still in, instead of a row */
    pCall: fc.integer({ min: 0, max: 15 }).map((n) => n / 100),
    /** chance that a call is right; kept low so that games also reach the final calls */
    pRight: fc.integer({ min: 0, max: 40 }).map((n) => n / 100),
    /** chance that a final caller passes */
    pPass: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
  },
  junkArb,
  4,
);
type Game = typeof gameArb extends fc.Arbitrary<infer G> ? G : never;

/** 4 boards of at most 10 rows, 4 calls, plus junk: well under this. */
const MAX_STEPS = 300;

const randomRow = (rng: Rng): Code =>
  Array.from({ length: MM44_HOLES }, () => {
    const v = rng.int(MM44_COLOURS + 1);
    return v === MM44_COLOURS ? null : v;
  });

const hiddenCode = (state: Mm44State): Code => mm44Code(state.boards.map((b) => b.part));

function legalMove(state: Mm44State, rng: Rng, game: Game): LoggedAction<Mm44Action> {
  const aCall = (): Mm44Action => ({ type: 'call', code: rng.next() < game.pRight ? hiddenCode(state) : randomRow(rng) });
  if (state.finalCalls !== null) {
    const [seat] = state.finalCalls;
    if (seat === undefined) throw new Error('the final calls of an unfinished game have a caller');
    return { seat, action: rng.next() < game.pPass ? { type: 'pass' } : aCall() };
  }
  if (rng.next() < game.pCall) {
    const inGame = state.out.flatMap((out, seat) => (out ? [] : [seat]));
    return { seat: inGame[rng.int(inGame.length)] ?? 0, action: aCall() };
  }
  const [seat] = mm44.status(state).toAct;
  if (seat === undefined) throw new Error('nobody to act in an unfinished game');
  return { seat, action: { type: 'row', code: randomRow(rng) } };
}

/** A row belongs to the board whose turn it is: any other seat still in is out of turn. */
function outOfTurn(state: Mm44State, legal: LoggedAction<Mm44Action>, rng: Rng): Seat | null {
  if (legal.action.type !== 'row') return null;
  const others = state.out.flatMap((out, seat) => (out || seat === legal.seat ? [] : [seat]));
  return others[rng.int(others.length)] ?? null;
}

// Now and then a seat runs out of time instead (docs/rules.md §5): timeouts are in every log these tests fold.
const play = randomPlayer(
  mm44,
  MAX_STEPS,
  (state, rng, game: Game) => withTimeouts(mm44, (s, r) => legalMove(s, r, game), 0.08)(state, rng),
  outOfTurn,
);

/** The same state with every board the viewer does not hold dealt another (random) part; answers stay as given. */
function withOtherParts(state: Mm44State, viewer: Seat | null, rng: Rng): Mm44State {
  return {
    ...state,
    boards: state.boards.map((b) =>
      b.holder === viewer ? b : { ...b, part: { position: rng.int(MM44_HOLES), colour: rng.int(MM44_COLOURS) } },
    ),
  };
}

describe('mm44 properties', () => {
  itGeneratesSchemaValidJunk(mm44ActionSchema, junkArb);

  it('deals each position at most once, and colours 0–5 at most 4 times each', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: MM44_HOLES }), (seed, boards) => {
        const parts = mm44Deal(createRng(seed), boards);
        expect(parts).toHaveLength(boards);
        const positions = parts.map((p) => p.position);
        check.same(new Set(positions).size, boards);
        check.same(
          positions.every((p) => Number.isInteger(p) && p >= 0 && p < MM44_HOLES),
          true,
        );
        for (const { colour } of parts) {
          check.same(Number.isInteger(colour) && colour >= 0 && colour < MM44_COLOURS, true);
          expect(parts.filter((p) => p.colour === colour).length).toBeLessThanOrEqual(MM44_COUNTERS_PER_COLOUR);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('random play never throws, every row gets one peg from each other board, and the game ends by the rules', () => {
    const seen = { won: 0, drawn: 0, finalCalls: 0, out: 0 };
    fc.assert(
      fc.property(gameArb, (game) => {
        const { state } = play(game, ({ before, seat, action, after }) => {
          const { boards } = after;
          // Answers are attributed and single: exactly one per other board, each the truth about that board's part.
          boards.forEach((board, b) => {
            expect(board.rows.length).toBeLessThanOrEqual(after.options.rows);
            for (const row of board.rows) {
              check.equal(
                row.answers.map((a) => a.board),
                boards.flatMap((_, o) => (o === b ? [] : [o])),
              );
              const truth = row.answers.map((a) => {
                const other = boards[a.board];
                return other ? mm44Answer(other.part, row.code) : 'no such board';
              });
              check.equal(
                row.answers.map((a) => a.peg),
                truth,
              );
            }
          });
          if (action.type === 'row') {
            const turn = before.turn ?? -1;
            check.same(before.boards[turn]?.holder, seat);
            check.same(before.out[seat], false);
          }
          // Out exactly after a wrong call; a right call ends the game at once.
          after.out.forEach((out, s) => {
            check.same(
              out,
              after.calls.some((c) => c.seat === s && !c.correct),
            );
          });
          for (const c of after.calls) check.same(c.correct, JSON.stringify(c.code) === JSON.stringify(hiddenCode(after)));
          const right = after.calls.filter((c) => c.correct);
          expect(right.length).toBeLessThanOrEqual(1);
          check.same(after.winner, right[0]?.seat ?? null);
          if (after.turn !== null) {
            const board = after.boards[after.turn];
            check.same(board && board.rows.length < after.options.rows && !after.out[board.holder], true);
          }
          const status = mm44.status(after);
          if (after.finished) {
            expect(status).toMatchObject({ toAct: [], draw: after.winner === null });
            if (after.winner === null) {
              // a draw: nobody in the game could still play or call
              check.same(after.finalCalls === null || after.finalCalls.length === 0, true);
            }
          } else {
            expect(status.toAct).toHaveLength(1);
            check.same(after.out[status.toAct[0] ?? -1], false);
          }
        });
        if (state.winner !== null) seen.won++;
        if (state.finished && state.winner === null) seen.drawn++;
        if (state.finalCalls !== null) seen.finalCalls++;
        if (state.out.some((o) => o)) seen.out++;
      }),
      { numRuns: 80 },
    );
    // Guards the generator itself: the runs must reach the interesting situations.
    expect(seen.won).toBeGreaterThan(0);
    expect(seen.drawn).toBeGreaterThan(0);
    expect(seen.finalCalls).toBeGreaterThan(0);
    expect(seen.out).toBeGreaterThan(0);
  });

  it('legal play always ends', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        check.same(play({ ...game, pJunk: 0 }).state.finished, true);
      }),
      { numRuns: 40 },
    );
  });

  itFoldsTheSameTwice(mm44, gameArb, play, 30);

  it('never shows a seat another board’s part, nor a spectator any, before the end', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const rng = createRng(`${game.seed}/other`);
        play(game, ({ after }) => {
          if (after.finished) return;
          const viewers: (Seat | null)[] = [...after.out.map((_, s) => s), null];
          for (const viewer of viewers) {
            const view = mm44.view(after, viewer);
            const own = after.boards.filter((b) => b.holder === viewer).length;
            check.same(view.code, null);
            view.boards.forEach((b) => {
              check.equal(b.part, b.holder === viewer ? after.boards[b.board]?.part : null);
            });
            check.same(occurrences(JSON.stringify(view), '"position"'), own);
            // What a seat sees must not depend on the parts it does not hold (the answers already given aside).
            check.equal(mm44.view(withOtherParts(after, viewer, rng), viewer), view);
          }
        });
      }),
      { numRuns: 30 },
    );
  });

  itEndsByTimeoutsAlone(mm44, optionsArb, 100);

  itNeverMutates(mm44, gameArb, junkArb, 4, play, 20);
});
