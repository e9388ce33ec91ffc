import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import type { RuleErrorCode } from '../../core/errors';
import type { Seat } from '../../core/family';
import { scoreGuess } from '../../core/score';
import { applyOrThrow, deepFreeze, expectRefused } from '../../core/testing';
import { rotation } from './rotation';
import { ROTATION_CODEMAKER_TABLE, rotationCodemakerPoints, rotationGuessPoints } from './pure';
import { rotationOptionsSchema, type RotationAction, type RotationOptionsInput, type RotationState } from './types';

const start = (input: RotationOptionsInput = {}): RotationState => rotation.setup(rotationOptionsSchema.parse(input), 'seed');

const act = (state: RotationState, seat: Seat, action: RotationAction): RotationState =>
  applyOrThrow(rotation, state, seat, action);

const refused = (state: RotationState, seat: Seat, action: RotationAction, code: RuleErrorCode): string =>
  expectRefused(rotation, state, seat, action, code);

const secret = (code: Code): RotationAction => ({ type: 'setSecret', code });
const guess = (code: Code): RotationAction => ({ type: 'guess', code });

const S = [0, 1, 2, 3];
/** 0 black, 0 white against S: no points */
const MISS = [4, 5, 4, 5];

const current = (state: RotationState) => {
  const r = state.rounds.at(-1);
  if (!r) throw new Error('no round');
  return r;
};

/** Whose row is next, as the status says. */
const next = (state: RotationState): Seat => {
  const [seat] = rotation.status(state).toAct;
  if (seat === undefined) throw new Error('nobody to act');
  return seat;
};

/** Plays the current round: the codemaker sets S, `misses` rows score nothing, then the code is broken if `breaks`. */
function playRound(state: RotationState, misses: number, breaks: boolean): RotationState {
  let s = act(state, current(state).codemaker, secret(S));
  for (let i = 0; i < misses; i++) s = act(s, next(s), guess(MISS));
  return breaks ? act(s, next(s), guess(S)) : s;
}

describe('rotation options', () => {
  it('fills the docs/rules.md defaults', () => {
    expect(rotationOptionsSchema.parse({})).toEqual({ players: 3, pegs: 4, colours: 6, repeats: false, guesses: 12 });
  });

  it('seats 3, 4 or 5 players', () => {
    for (const players of [3, 4, 5]) expect(rotationOptionsSchema.safeParse({ players }).success).toBe(true);
    for (const players of [2, 6, 3.5, '3']) expect(rotationOptionsSchema.safeParse({ players }).success).toBe(false);
  });

  it('enforces the ranges and refuses unknown options, blanks included', () => {
    for (const bad of [
      { pegs: 2 },
      { pegs: 7 },
      { colours: 3 },
      { colours: 11 },
      { guesses: 7 },
      { blanks: true },
      { rounds: 3 },
    ]) {
      expect(rotationOptionsSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('stops the guess limit at 12, where the codemaker table ends', () => {
    expect(rotationOptionsSchema.safeParse({ guesses: 8 }).success).toBe(true);
    expect(rotationOptionsSchema.safeParse({ guesses: 12 }).success).toBe(true);
    expect(rotationOptionsSchema.safeParse({ guesses: 13 }).success).toBe(false);
  });

  it('needs as many colours as holes when colours may not repeat', () => {
    expect(rotationOptionsSchema.safeParse({ pegs: 6, colours: 5 }).success).toBe(false);
    expect(rotationOptionsSchema.safeParse({ pegs: 6, colours: 5, repeats: true }).success).toBe(true);
    expect(rotationOptionsSchema.safeParse({ pegs: 6, colours: 6 }).success).toBe(true);
  });
});

describe('rotation guess points', () => {
  it('reproduces the worked example: 1 black and 2 whites score 4 points', () => {
    // docs/rules.md §2 play 7: the secret pink-red-blue-yellow; the guess keeps pink in place and moves blue and yellow.
    const [pink, red, blue, yellow, green] = [0, 1, 2, 3, 4];
    const score = scoreGuess([pink, red, blue, yellow], [pink, blue, yellow, green]);
    expect(score).toEqual({ black: 1, white: 2 });
    expect(rotationGuessPoints(score, 4)).toBe(4);
  });

  it('gives 2 points per black and 1 per white', () => {
    expect(rotationGuessPoints({ black: 0, white: 0 }, 4)).toBe(0);
    expect(rotationGuessPoints({ black: 0, white: 4 }, 4)).toBe(4);
    expect(rotationGuessPoints({ black: 2, white: 2 }, 4)).toBe(6);
    expect(rotationGuessPoints({ black: 3, white: 0 }, 4)).toBe(6);
    expect(rotationGuessPoints({ black: 4, white: 1 }, 6)).toBe(9);
  });

  it('gives 10 in total, not 10 plus the blacks, for the guess that breaks the code', () => {
    expect(rotationGuessPoints({ black: 4, white: 0 }, 4)).toBe(10);
    expect(rotationGuessPoints({ black: 3, white: 0 }, 3)).toBe(10);
    expect(rotationGuessPoints({ black: 6, white: 0 }, 6)).toBe(10);
  });
});

describe('rotation codemaker points', () => {
  const TABLE: Record<3 | 4 | 5, number[]> = {
    3: [5, 6, 7, 8, 9, 10, 14, 18, 22, 26, 30, 34, 40],
    4: [5, 6, 7, 8, 9, 10, 13, 16, 19, 22, 25, 28, 30],
    5: [5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 25],
  };

  it.each([3, 4, 5] as const)('reproduces the %i-player line of the table, failure figure last', (players) => {
    const rows = Array.from({ length: 12 }, (_, i) => rotationCodemakerPoints(players, i + 1));
    const line = [...rows, rotationCodemakerPoints(players, null)];
    expect(line).toEqual(TABLE[players]);
    expect(ROTATION_CODEMAKER_TABLE[players]).toEqual({ rows: TABLE[players].slice(0, 12), failed: TABLE[players][12] });
  });

  it('pays a failed round more than a break on the last row', () => {
    for (const players of [3, 4, 5] as const) {
      expect(rotationCodemakerPoints(players, null)).toBeGreaterThan(rotationCodemakerPoints(players, 12));
    }
  });

  it('knows no row before 1 or after 12', () => {
    for (const row of [0, 13, -1, 1.5]) expect(() => rotationCodemakerPoints(3, row)).toThrow(RangeError);
  });
});

describe('rotation setup and turns', () => {
  it('seats N players, seat 0 making the first code', () => {
    for (const players of [3, 4, 5] as const) {
      const s = start({ players });
      expect(rotation.seatCount(s.options)).toBe(players);
      expect(s.scores).toEqual(Array(players).fill(0));
      expect(current(s)).toMatchObject({ number: 1, codemaker: 0, secret: null, rows: [], outcome: null, codemakerPoints: null });
      expect(rotation.status(s)).toEqual({
        finished: false,
        toAct: [0],
        owes: [{ seat: 0, kind: 'secret' }],
        may: [],
        scores: s.scores,
        winners: [],
        draw: false,
      });
    }
  });

  it('ignores the seed: nothing in a rotation is random', () => {
    const o = rotationOptionsSchema.parse({ players: 4 });
    expect(rotation.setup(o, 'a')).toEqual(rotation.setup(o, 'b'));
  });

  it('lets the codebreakers guess in turn from the seat after the codemaker, skipping the codemaker', () => {
    let s = start({ players: 4 });
    const order = (): Seat[] => {
      let r = act(s, current(s).codemaker, secret(S));
      const seats: Seat[] = [];
      for (let i = 0; i < 7; i++) {
        seats.push(next(r));
        r = act(r, next(r), guess(MISS));
      }
      return seats;
    };
    expect(order()).toEqual([1, 2, 3, 1, 2, 3, 1]);
    s = playRound(s, 0, true);
    expect(order()).toEqual([2, 3, 0, 2, 3, 0, 2]);
    s = playRound(s, 0, true);
    expect(order()).toEqual([3, 0, 1, 3, 0, 1, 3]);
    s = playRound(s, 0, true);
    expect(order()).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('plays exactly N rounds, round r made by seat r − 1', () => {
    for (const players of [3, 4, 5] as const) {
      let s = start({ players });
      for (let r = 1; r <= players; r++) {
        expect(s.finished).toBe(false);
        expect(current(s)).toMatchObject({ number: r, codemaker: r - 1 });
        s = playRound(s, r, true);
      }
      expect(s.finished).toBe(true);
      expect(s.rounds.map((r) => r.codemaker)).toEqual(Array.from({ length: players }, (_, i) => i));
      expect(rotation.status(s).toAct).toEqual([]);
    }
  });

  it('names who places the next row in the view', () => {
    let s = start({ players: 5 });
    expect(rotation.view(s, null).rounds[0]?.guesser).toBeNull();
    s = act(s, 0, secret(S));
    expect(rotation.view(s, null).rounds[0]?.guesser).toBe(1);
    s = act(s, 1, guess(MISS));
    expect(rotation.view(s, 3).rounds[0]?.guesser).toBe(2);
    s = act(s, 2, guess(S));
    expect(rotation.view(s, null).rounds[0]?.guesser).toBeNull();
  });
});

describe('rotation validation', () => {
  it('lets only the codemaker set the secret, and only once', () => {
    expect(refused(start(), 1, secret(S), 'NOT_YOUR_TURN')).toMatch(/seat 0/);
    const s = act(start(), 0, secret(S));
    refused(s, 0, secret([3, 2, 1, 0]), 'WRONG_PHASE');
    refused(s, 2, secret([3, 2, 1, 0]), 'NOT_YOUR_TURN');
  });

  it('refuses a secret that breaks the options', () => {
    refused(start(), 0, secret([0, 1, 2]), 'INVALID_CODE');
    refused(start(), 0, secret([0, 1, 2, 6]), 'INVALID_CODE');
    refused(start(), 0, secret([0, 0, 1, 2]), 'INVALID_CODE');
    expect(refused(start(), 0, secret([0, null, 1, 2]), 'INVALID_CODE')).toMatch(/Blank/);
    expect(current(act(start({ repeats: true }), 0, secret([0, 0, 0, 0]))).secret).toEqual([0, 0, 0, 0]);
    expect(current(act(start({ pegs: 6, colours: 10 }), 0, secret([9, 8, 7, 6, 5, 4]))).secret).toEqual([9, 8, 7, 6, 5, 4]);
  });

  it('refuses a guess before the secret is set', () => {
    expect(refused(start(), 1, guess(S), 'WRONG_PHASE')).toMatch(/secret/);
  });

  it('refuses a guess by the codemaker', () => {
    expect(refused(act(start(), 0, secret(S)), 0, guess(S), 'NOT_YOUR_TURN')).toMatch(/codemaker/);
  });

  it('refuses a guess out of turn and says whose turn it is', () => {
    let s = act(start(), 0, secret(S));
    expect(refused(s, 2, guess(MISS), 'NOT_YOUR_TURN')).toMatch(/seat 1/);
    s = act(s, 1, guess(MISS));
    expect(refused(s, 1, guess(MISS), 'NOT_YOUR_TURN')).toMatch(/seat 2/);
  });

  it('refuses a malformed guess, and lets a guess repeat colours', () => {
    const s = act(start(), 0, secret(S));
    refused(s, 1, guess([0, 1, 2]), 'INVALID_CODE');
    refused(s, 1, guess([0, 1, 2, 6]), 'INVALID_CODE');
    refused(s, 1, guess([0, 1, 2, null]), 'INVALID_CODE');
    expect(current(act(s, 1, guess([0, 0, 0, 0]))).rows[0]?.score).toEqual({ black: 1, white: 0 });
  });

  it('refuses seats that are not at the table', () => {
    for (const seat of [3, -1, 0.5, Number.NaN]) refused(start(), seat, secret(S), 'NOT_A_PLAYER');
    refused(start({ players: 4 }), 4, secret(S), 'NOT_A_PLAYER');
  });

  it('refuses an unknown action type that slipped past the schema', () => {
    refused(start(), 0, { type: 'resign' } as unknown as RotationAction, 'INVALID_ACTION');
  });

  it('refuses every action once the match is finished', () => {
    let s = start();
    for (let r = 0; r < 3; r++) s = playRound(s, 0, true);
    expect(s.finished).toBe(true);
    refused(s, 0, secret(S), 'MATCH_FINISHED');
    refused(s, 1, guess(S), 'MATCH_FINISHED');
  });
});

describe('rotation scoring', () => {
  it('scores each row at once for the seat that placed it', () => {
    let s = act(start(), 0, secret(S));
    s = act(s, 1, guess([0, 2, 3, 4])); // 1 black, 2 whites: the worked example
    expect(current(s).rows[0]).toEqual({ seat: 1, guess: [0, 2, 3, 4], score: { black: 1, white: 2 }, points: 4 });
    expect(s.scores).toEqual([0, 4, 0]);
    s = act(s, 2, guess([3, 2, 1, 0])); // 0 black, 4 whites
    expect(s.scores).toEqual([0, 4, 4]);
    s = act(s, 1, guess([0, 1, 5, 4])); // 2 blacks
    expect(s.scores).toEqual([0, 8, 4]);
    expect(current(s).gained).toEqual([0, 8, 4]);
    expect(current(s).codemakerPoints).toBeNull();
  });

  it('gives the breaking row 10 points and the codemaker the table figure at the end of the round', () => {
    let s = act(start(), 0, secret(S));
    s = act(s, 1, guess([0, 1, 2, 4])); // 3 blacks: 6 points
    s = act(s, 2, guess(S));
    expect(s.rounds[0]).toMatchObject({ outcome: 'broken', codemakerPoints: 6, gained: [6, 6, 10] });
    expect(s.rounds[0]?.rows.map((r) => r.points)).toEqual([6, 10]);
    expect(s.scores).toEqual([6, 6, 10]);
    expect(current(s)).toMatchObject({ number: 2, codemaker: 1, secret: null });
  });

  it.each([3, 4, 5] as const)('pays the %i-player codemaker by the row the code was broken on', (players) => {
    for (const row of [1, 2, 6, 7, 11, 12]) {
      const s = playRound(start({ players }), row - 1, true);
      expect(s.rounds[0]?.rows).toHaveLength(row);
      expect(s.rounds[0]?.codemakerPoints).toBe(ROTATION_CODEMAKER_TABLE[players].rows[row - 1]);
      expect(s.scores[0]).toBe(ROTATION_CODEMAKER_TABLE[players].rows[row - 1]);
    }
  });

  it.each([
    [3, 40],
    [4, 30],
    [5, 25],
  ] as const)('pays the %i-player codemaker %i when the 12th row fails', (players, figure) => {
    let s = playRound(start({ players }), 11, false);
    expect(current(s).outcome).toBeNull();
    s = act(s, next(s), guess(MISS));
    expect(s.rounds[0]).toMatchObject({ outcome: 'failed', codemakerPoints: figure });
    expect(s.rounds[0]?.rows).toHaveLength(12);
    expect(s.scores[0]).toBe(figure);
  });

  it('cuts the table with a smaller guess limit and keeps the failure figure', () => {
    const broken = playRound(start({ guesses: 8 }), 7, true);
    expect(broken.rounds[0]).toMatchObject({ outcome: 'broken', codemakerPoints: 18 });
    const failed = playRound(start({ guesses: 8, players: 4 }), 8, false);
    expect(failed.rounds[0]).toMatchObject({ outcome: 'failed', codemakerPoints: 30 });
    expect(failed.rounds[0]?.rows).toHaveLength(8);
    // the round is over: the next one waits for its codemaker's secret
    expect(rotation.status(failed).toAct).toEqual([1]);
    refused(failed, 1, guess(S), 'NOT_YOUR_TURN');
    refused(failed, 2, guess(S), 'WRONG_PHASE');
  });

  it('names the seat with the highest total the winner', () => {
    let s = playRound(start(), 0, true); // s0 +5, s1 +10
    s = playRound(s, 0, true); // s1 +5, s2 +10
    s = playRound(s, 2, true); // s2 +7, s0 +10 (guessers 0, 1, 0)
    expect(s.scores).toEqual([15, 15, 17]);
    expect(rotation.status(s)).toEqual({
      finished: true,
      toAct: [],
      owes: [],
      may: [],
      scores: [15, 15, 17],
      winners: [2],
      draw: false,
    });
  });

  it('lets tied seats share the win', () => {
    let s = playRound(start(), 3, true); // row 4 by seat 2: s0 +8, s2 +10
    s = playRound(s, 3, true); // row 4 by seat 0: s1 +8, s0 +10
    s = playRound(s, 1, true); // row 2 by seat 1: s2 +6, s1 +10
    expect(s.scores).toEqual([18, 18, 16]);
    expect(rotation.status(s)).toMatchObject({ finished: true, winners: [0, 1], draw: false });
  });

  it('calls it a draw only when every seat shares the top', () => {
    let s = start();
    for (let r = 0; r < 3; r++) s = playRound(s, 0, true);
    expect(s.scores).toEqual([15, 15, 15]);
    expect(rotation.status(s)).toMatchObject({ finished: true, winners: [], draw: true });
  });
});

describe('rotation view', () => {
  it('shows the secret to its codemaker only while the round is played', () => {
    const s = act(act(start(), 0, secret(S)), 1, guess(MISS));
    expect(rotation.view(s, 0).rounds[0]).toMatchObject({ secretSet: true, secret: S });
    for (const viewer of [1, 2, null]) {
      expect(rotation.view(s, viewer).rounds[0]).toMatchObject({ secretSet: true, secret: null });
      expect(JSON.stringify(rotation.view(s, viewer))).not.toContain(JSON.stringify(S));
    }
  });

  it('reveals the secret to everyone once the round is over, and hides the next one again', () => {
    const s = act(playRound(start(), 2, true), 1, secret([5, 4, 3, 2]));
    for (const viewer of [0, 1, 2, null]) expect(rotation.view(s, viewer).rounds[0]?.secret).toEqual(S);
    expect(rotation.view(s, 1).rounds[1]?.secret).toEqual([5, 4, 3, 2]);
    for (const viewer of [0, 2, null]) expect(rotation.view(s, viewer).rounds[1]?.secret).toBeNull();
  });

  it('shows every row with who played it, its score and its points', () => {
    const s = playRound(start({ players: 4 }), 2, true);
    const v = rotation.view(s, null);
    expect(v).toMatchObject({ family: 'rotation', viewer: null, options: s.options, scores: [7, 0, 0, 10], finished: false });
    expect(v.rounds[0]?.rows).toEqual([
      { seat: 1, guess: MISS, score: { black: 0, white: 0 }, points: 0 },
      { seat: 2, guess: MISS, score: { black: 0, white: 0 }, points: 0 },
      { seat: 3, guess: S, score: { black: 4, white: 0 }, points: 10 },
    ]);
    expect(v.rounds[0]).toMatchObject({ outcome: 'broken', codemakerPoints: 7, gained: [7, 0, 0, 10] });
  });

  it('hands out copies: changing a view cannot change the state', () => {
    const s = deepFreeze(playRound(start(), 1, true));
    const v = rotation.view(s, 0);
    const round = v.rounds[0];
    if (!round?.secret || !round.rows[0]) throw new Error('expected a revealed round');
    round.secret[0] = 5;
    round.rows[0].guess[0] = 0;
    round.rows[0].score.black = 9;
    round.gained[0] = 9;
    v.scores[0] = 9;
    v.options.pegs = 9;
    expect(s.rounds[0]?.secret).toEqual(S);
    expect(s.scores).toEqual([6, 0, 10]);
  });
});
