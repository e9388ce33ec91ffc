import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import { applyOrThrow, expectRefused } from '../../core/testing';
import { getFamily, getPreset } from '../registry';
import { houseSeed } from '../../core/rng';
import { race, raceCode, racePlaces } from './race';
import { raceBot } from './bot';
import { raceOptionsSchema, type RaceAction, type RaceState } from './types';

const opts = (input: Record<string, unknown> = {}) => raceOptionsSchema.parse(input);

/** A race whose code is `code` (the seed's own code, replaced: the rules read only the state). */
function raceWith(code: Code, input: Record<string, unknown> = {}): RaceState {
  return { ...race.setup(opts(input), 'seed'), code };
}

const guess = (code: Code): RaceAction => ({ type: 'guess', code });
const timeout: RaceAction = { type: 'timeout' };

/** A code of the classic race that is not `code` and scores nothing against [0,0,0,0]. */
const WRONG: Code = [5, 5, 5, 5];
const CODE: Code = [0, 1, 2, 3];

function play(state: RaceState, moves: [number, RaceAction][]): RaceState {
  return moves.reduce((s, [seat, action]) => applyOrThrow(race, s, seat, action), state);
}

describe('race options', () => {
  it('defaults to two seats, 4 holes, 6 colours, repeats, no blanks, 10 guesses, not hard', () => {
    expect(opts()).toEqual({ players: 2, pegs: 4, colours: 6, repeats: true, blanks: false, guesses: 10, hard: false });
  });

  it('takes 1 to 8 seats, 3 to 6 holes, 6 to 8 colours and 8 to 12 guesses', () => {
    for (const bad of [
      { players: 0 },
      { players: 9 },
      { pegs: 2 },
      { pegs: 7 },
      { colours: 5 },
      { colours: 9 },
      { guesses: 7 },
      { guesses: 13 },
    ])
      expect(raceOptionsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const good of [{ players: 1 }, { players: 8 }, { pegs: 6, colours: 8, guesses: 12 }, { pegs: 3, guesses: 8 }])
      expect(raceOptionsSchema.safeParse(good).success, JSON.stringify(good)).toBe(true);
    expect(race.seatCount(opts({ players: 5 }))).toBe(5);
  });

  it('refuses a code of distinct colours with more holes than colours, unless blanks fill them', () => {
    expect(raceOptionsSchema.safeParse({ pegs: 6, colours: 6, repeats: false }).success).toBe(true);
    expect(raceOptionsSchema.safeParse({ pegs: 6, colours: 6, repeats: false, blanks: true }).success).toBe(true);
  });

  it('offers the classic and the super race as presets, in the registry', () => {
    expect(getFamily('race')).toBe(race);
    expect(race.presets.map((p) => p.id)).toEqual(['race-classic', 'race-super']);
    expect(raceOptionsSchema.parse(getPreset('race-classic')?.options)).toEqual(opts());
    expect(raceOptionsSchema.parse(getPreset('race-super')?.options)).toEqual(opts({ pegs: 5, colours: 8 }));
  });
});

describe('the house code', () => {
  it('is drawn from the seed: the same seed always draws the same legal code', () => {
    const o = opts({ pegs: 5, colours: 8, repeats: false, blanks: true });
    expect(race.setup(o, 'abc').code).toEqual(raceCode(o, 'abc'));
    expect(race.setup(o, 'abc')).toEqual(race.setup(o, 'abc'));
    const codes = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((s) => JSON.stringify(raceCode(o, s))));
    expect(codes.size).toBeGreaterThan(1);
  });

  it('is what the fairness check finds in the final view of the published seed, and nothing else', () => {
    const state = race.setup(opts({ players: 1 }), 'seed-1');
    const done = play(state, [[0, guess(state.code)]]);
    const view = race.review(done);
    expect(race.dealt).toBe(true);
    expect(race.dealMatches?.('seed-1', view)).toBe(true);
    expect(race.dealMatches?.('seed-2', { ...view, code: raceCode(view.options, 'seed-2').map((p) => ((p ?? 0) + 1) % 6) })).toBe(
      false,
    );
    expect(race.dealMatches?.('seed-1', race.view(state, null))).toBe(false);
  });

  it('is the code a house seed names, when it fits the options, and the fairness check still holds', () => {
    const o = opts({ players: 1 });
    const seed = houseSeed([0, 5, 5, 2], 'nonce');
    expect(race.setup(o, seed).code).toEqual([0, 5, 5, 2]);
    const state = race.setup(o, seed);
    expect(race.dealMatches?.(seed, race.review(play(state, [[0, guess(state.code)]])))).toBe(true);
    // a named code that does not fit (a colour past 5, a hole too many) is drawn from the seed instead
    expect(raceCode(o, 'house:0596:x')).toEqual(raceCode(o, 'house:0596:x'));
    expect(raceCode(o, 'house:0596:x')).not.toEqual([0, 5, 9, 6]);
    expect(raceCode(o, 'house:05521:x')).toHaveLength(4);
  });
});

describe('guessing', () => {
  it('scores each guess on arrival with the common scoring, every seat at once, in any order', () => {
    const state = play(raceWith(CODE, { players: 3 }), [
      [2, guess([0, 0, 1, 1])],
      [0, guess([3, 2, 1, 0])],
      [2, guess([0, 1, 2, 4])],
    ]);
    expect(state.boards[0]?.rows).toEqual([{ guess: [3, 2, 1, 0], score: { black: 0, white: 4 } }]);
    expect(state.boards[1]?.rows).toEqual([]);
    expect(state.boards[2]?.rows.map((r) => r.score)).toEqual([
      { black: 1, white: 1 },
      { black: 3, white: 0 },
    ]);
    expect(race.status(state).owes).toEqual([0, 1, 2].map((seat) => ({ seat, kind: 'guess' })));
  });

  it('lets a guess repeat colours even when the code may not, and refuses illegal codes', () => {
    const state = raceWith(CODE, { repeats: false });
    expect(applyOrThrow(race, state, 0, guess([1, 1, 1, 1])).boards[0]?.rows).toHaveLength(1);
    expectRefused(race, state, 0, guess([0, 1, 2]), 'INVALID_CODE');
    expectRefused(race, state, 0, guess([0, 1, 2, 6]), 'INVALID_CODE');
    expectRefused(race, state, 0, guess([0, null, 2, 3]), 'INVALID_CODE');
  });

  it('scores a blank as one more colour when blanks are on', () => {
    const state = applyOrThrow(race, raceWith([0, null, null, 1], { blanks: true }), 0, guess([null, null, 0, 1]));
    expect(state.boards[0]?.rows[0]?.score).toEqual({ black: 2, white: 2 });
  });

  it('refuses seats that do not exist, any other action, and anything after the end', () => {
    const state = raceWith(CODE);
    expectRefused(race, state, 2, guess(CODE), 'NOT_A_PLAYER');
    expectRefused(race, state, -1, guess(CODE), 'NOT_A_PLAYER');
    expectRefused(race, state, 0, { type: 'setSecret', code: CODE } as unknown as RaceAction, 'INVALID_ACTION');
    const done = play(state, [
      [0, guess(CODE)],
      [1, guess(CODE)],
    ]);
    expect(done.finished).toBe(true);
    expectRefused(race, done, 0, guess(CODE), 'MATCH_FINISHED');
  });

  it('refuses a guess from a seat that broke the code or has no row left', () => {
    const broke = play(raceWith(CODE), [[0, guess(CODE)]]);
    expectRefused(race, broke, 0, guess(CODE), 'WRONG_PHASE');
    const full = play(
      raceWith(CODE, { guesses: 8 }),
      Array.from({ length: 8 }, (): [number, RaceAction] => [1, guess(WRONG)]),
    );
    expect(full.finished).toBe(false);
    expectRefused(race, full, 1, guess(CODE), 'WRONG_PHASE');
    expect(race.status(full).toAct).toEqual([0]);
  });
});

describe('ranking', () => {
  it('makes the first breaker the winner, the others ranked by rows used then order of acceptance, the rest last together', () => {
    // seat 1 breaks first on row 3; seat 3 breaks on row 2 after it; seat 0 on row 2 after seat 3; seat 2 runs out.
    let state = raceWith(CODE, { players: 4, guesses: 8 });
    state = play(state, [
      [1, guess(WRONG)],
      [1, guess(WRONG)],
      [1, guess(CODE)],
      [3, guess(WRONG)],
      [0, guess(WRONG)],
      [3, guess(CODE)],
      [0, guess(CODE)],
    ]);
    expect(state.breakers).toEqual([1, 3, 0]);
    expect(racePlaces(state)).toEqual([3, 1, null, 2]);
    expect(race.status(state).owes).toEqual([{ seat: 2, kind: 'guess' }]);
    for (let i = 0; i < 7; i++) state = applyOrThrow(race, state, 2, guess(WRONG));
    expect(state.finished).toBe(false);
    state = applyOrThrow(race, state, 2, timeout);
    expect(state.finished).toBe(true);
    expect(racePlaces(state)).toEqual([3, 1, 4, 2]);
    const status = race.status(state);
    expect(status).toMatchObject({ finished: true, toAct: [], owes: [], winners: [1], draw: false, scores: [2, 3, 8, 2] });
  });

  it('places a later breaker with fewer rows before an earlier one, behind the winner', () => {
    const state = play(raceWith(CODE, { players: 3 }), [
      [0, guess(CODE)],
      [1, guess(WRONG)],
      [1, guess(WRONG)],
      [1, guess(WRONG)],
      [1, guess(CODE)],
      [2, guess(WRONG)],
      [2, guess(CODE)],
    ]);
    expect(racePlaces(state)).toEqual([1, 3, 2]);
    expect(race.status(state).winners).toEqual([0]);
  });

  it('makes every seat share the last place when nobody breaks it: a draw between several, a loss alone', () => {
    const out = (players: number) =>
      play(
        raceWith(CODE, { players, guesses: 8 }),
        Array.from({ length: players * 8 }, (_, i): [number, RaceAction] => [i % players, guess(WRONG)]),
      );
    const two = out(2);
    expect(racePlaces(two)).toEqual([1, 1]);
    expect(race.status(two)).toMatchObject({ finished: true, winners: [], draw: true });
    const one = out(1);
    expect(race.status(one)).toMatchObject({ finished: true, winners: [], draw: false });
  });

  it('ends a one-seat race when its seat breaks the code', () => {
    const state = play(raceWith(CODE, { players: 1 }), [
      [0, guess(WRONG)],
      [0, guess(CODE)],
    ]);
    expect(race.status(state)).toMatchObject({ finished: true, winners: [0], scores: [2] });
  });
});

describe('the turn timer', () => {
  it('offers a timeout to every seat still racing at once, each losing its next row', () => {
    let state = play(raceWith(CODE, { players: 3 }), [
      [0, guess(CODE)],
      [1, guess(WRONG)],
    ]);
    expect(race.timeoutFor(state, 0, { next: () => 0, int: () => 0 })).toBeNull();
    expect(race.timeoutFor(state, 1, { next: () => 0, int: () => 0 })).toEqual(timeout);
    expect(race.timeoutFor(state, 2, { next: () => 0, int: () => 0 })).toEqual(timeout);
    expectRefused(race, state, 0, timeout, 'NOT_YOUR_TURN');
    expectRefused(race, state, 1, { type: 'timeout', code: CODE }, 'INVALID_ACTION');
    state = play(state, [
      [1, timeout],
      [2, timeout],
      [1, guess(CODE)],
    ]);
    expect(state.boards[1]).toEqual({
      rows: [
        { guess: WRONG, score: { black: 0, white: 0 } },
        { guess: CODE, score: { black: 4, white: 0 } },
      ],
      missed: [2],
    });
    expect(state.boards[2]).toEqual({ rows: [], missed: [1] });
    // a missed row counts as used: seat 1 broke it on row 3
    expect(race.status(state).scores).toEqual([1, 3, 1]);
    expect(racePlaces(state)).toEqual([1, 2, null]);
  });
});

describe('views', () => {
  const state = play(raceWith(CODE, { players: 3 }), [
    [0, guess([0, 1, 4, 4])],
    [1, guess([2, 2, 2, 2])],
    [1, timeout],
  ]);

  it('shows a seat its own rows in full and every other seat’s as key pegs only, never the code', () => {
    const view = race.view(state, 1);
    expect(view.code).toBeNull();
    expect(view.boards[1]).toEqual({
      seat: 1,
      shown: 'code',
      rows: [{ guess: [2, 2, 2, 2], score: { black: 1, white: 0 } }],
      missed: [2],
      used: 2,
      broken: false,
      out: false,
      place: null,
    });
    expect(view.boards[0]).toMatchObject({ shown: 'pegs', rows: [{ score: { black: 2, white: 0 } }] });
    expect(view.boards[0]?.rows[0]).not.toHaveProperty('guess');
    expect(view.boards[2]).toMatchObject({ shown: 'pegs', rows: [] });
  });

  it('shows a spectator key pegs only for everyone', () => {
    const view = race.view(state, null);
    expect(view.boards.map((b) => b.shown)).toEqual(['pegs', 'pegs', 'pegs']);
    expect(view.code).toBeNull();
  });

  it('shows everything to everyone once the match is over, and in the review', () => {
    const done = play(state, [
      [0, guess(CODE)],
      [1, guess(CODE)],
      [2, guess(CODE)],
    ]);
    for (const viewer of [null, 0, 1, 2]) {
      const view = race.view(done, viewer);
      expect(view.code).toEqual(CODE);
      expect(view.boards.every((b) => b.shown === 'code')).toBe(true);
    }
    expect(race.review(state).boards.every((b) => b.shown === 'code')).toBe(true);
    expect(race.review(state).code).toEqual(CODE);
  });

  it('shares what a row left as it was: the other boards’ views with the update before, and between viewers', () => {
    const next = play(state, [[2, guess([3, 3, 3, 3])]]);
    const [before, after, watcher] = [race.view(state, 1), race.view(next, 1), race.view(next, null)];
    expect(after.boards[0]).toBe(before.boards[0]);
    expect(after.boards[1]).toBe(before.boards[1]);
    expect(after.boards[2]).not.toBe(before.boards[2]);
    expect(watcher.boards[2]).toBe(after.boards[2]);
    // a seat's own board, colours shown, is never the one the others are shown
    expect(race.view(next, 2).boards[2]).not.toBe(after.boards[2]);
    expect(race.view(next, 2).boards[2]).toMatchObject({ shown: 'code' });
  });

  it('fits the published view schema, which has no colour field on another seat’s rows', () => {
    expect(race.viewSchema.safeParse(race.view(state, 1)).success).toBe(true);
    // a copy: views are shared (kept with the state), never to be changed
    const leaky = structuredClone(race.view(state, 1));
    const other = leaky.boards[0] as { rows: unknown[] };
    other.rows = [{ score: { black: 2, white: 0 }, guess: [0, 1, 4, 4] }];
    expect(race.viewSchema.safeParse(leaky).success).toBe(false);
  });
});

describe('the bot', () => {
  it('owes a guess from its own scored rows while racing, and nothing after breaking the code', () => {
    const state = play(raceWith(CODE), [[0, guess(WRONG)]]);
    expect(raceBot.duty(race.view(state, 0), 0)).toEqual({
      kind: 'guess',
      rules: { pegs: 4, colours: 6, repeats: true, blanks: false },
      rows: [{ guess: WRONG, score: { black: 0, white: 0 } }],
      round: 0,
    });
    expect(raceBot.action({ kind: 'guess', code: CODE })).toEqual(guess(CODE));
    const broke = applyOrThrow(race, state, 0, guess(CODE));
    expect(raceBot.duty(race.view(broke, 0), 0)).toBeNull();
    expect(raceBot.duty(race.view(broke, 1), 1)).toMatchObject({ kind: 'guess', rows: [] });
    // another seat's board tells a bot nothing it may use
    expect(raceBot.board(race.view(broke, 1), 0)).toBeNull();
  });
});

describe('hard mode', () => {
  it('refuses a guess that contradicts an earlier row of the seat, and accepts one that could be the code', () => {
    // [0,0,1,1] against the code [0,1,2,3]: 1 black, 1 white.
    const state = play(raceWith(CODE, { hard: true }), [[0, guess([0, 0, 1, 1])]]);
    const message = expectRefused(race, state, 0, guess([5, 5, 5, 5]), 'INCONSISTENT_GUESS');
    expect(message).toContain('row 1');
    expectRefused(race, state, 0, guess([0, 0, 1, 1]), 'INCONSISTENT_GUESS');
    // [0,1,4,4] would have scored [0,0,1,1] 1 black and 1 white too
    const next = play(state, [[0, guess([0, 1, 4, 4])]]);
    expect(next.boards[0]?.rows).toHaveLength(2);
    expect(play(next, [[0, guess(CODE)]]).breakers).toEqual([0]);
  });

  it('checks each seat against its own rows only, and nothing when it is off', () => {
    const state = play(raceWith(CODE, { hard: true }), [[0, guess([0, 0, 1, 1])]]);
    expect(play(state, [[1, guess(WRONG)]]).boards[1]?.rows).toHaveLength(1);
    const easy = play(raceWith(CODE), [[0, guess([0, 0, 1, 1])]]);
    expect(play(easy, [[0, guess(WRONG)]]).boards[0]?.rows).toHaveLength(2);
  });

  it('lets a row lost to the timer constrain nothing', () => {
    const state = play(raceWith(CODE, { hard: true }), [[0, timeout]]);
    expect(play(state, [[0, guess(WRONG)]]).boards[0]?.rows).toHaveLength(1);
  });
});
