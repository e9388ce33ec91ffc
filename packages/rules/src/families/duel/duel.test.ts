import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import type { RuleErrorCode } from '../../core/errors';
import type { Seat } from '../../core/family';
import { applyOrThrow, deepFreeze, expectRefused } from '../../core/testing';
import { duel } from './duel';
import { duelOptionsSchema, type DuelAction, type DuelOptionsInput, type DuelState } from './types';

const start = (input: DuelOptionsInput = {}): DuelState => duel.setup(duelOptionsSchema.parse(input), 'seed');

const act = (state: DuelState, seat: Seat, action: DuelAction): DuelState => applyOrThrow(duel, state, seat, action);

const refused = (state: DuelState, seat: Seat, action: DuelAction, code: RuleErrorCode): string =>
  expectRefused(duel, state, seat, action, code);

const secret = (code: Code): DuelAction => ({ type: 'setSecret', code });
const guess = (code: Code): DuelAction => ({ type: 'guess', code });
const score = (black: number, white: number): DuelAction => ({ type: 'score', black, white });

const S = [0, 1, 2, 3];
/** scores 0 black, 0 white against S */
const MISS = [4, 5, 4, 5];
/** scores 2 black, 0 white against S */
const HALF = [0, 1, 4, 5];

const current = (state: DuelState) => {
  const r = state.rounds[state.rounds.length - 1];
  if (!r) throw new Error('no round');
  return r;
};

/** Plays one automatically scored round: `misses` wrong rows, then the secret if `breaks`. */
function autoRound(state: DuelState, misses: number, breaks: boolean): DuelState {
  const { codemaker, codebreaker } = current(state);
  let s = act(state, codemaker, secret(S));
  for (let i = 0; i < misses; i++) s = act(s, codebreaker, guess(MISS));
  return breaks ? act(s, codebreaker, guess(S)) : s;
}

/** Plays one hand-scored row: the codebreaker guesses, the codemaker enters `entered` (or the truth). */
function handRow(state: DuelState, code: Code, entered?: [number, number]): DuelState {
  const { codemaker, codebreaker } = current(state);
  const s = act(state, codebreaker, guess(code));
  const row = current(s).rows.at(-1);
  if (!row) throw new Error('no row');
  const [b, w] = entered ?? [row.trueScore.black, row.trueScore.white];
  return act(s, codemaker, score(b, w));
}

describe('duel options', () => {
  it('fills the docs/rules.md defaults', () => {
    expect(duelOptionsSchema.parse({})).toEqual({
      pegs: 4,
      colours: 6,
      repeats: false,
      blanks: false,
      guesses: 12,
      rounds: 2,
      scoring: 'rounds',
      handScoring: false,
    });
  });

  it('accepts only an even number of rounds from 2 to 12', () => {
    for (const rounds of [2, 4, 6, 8, 10, 12]) expect(duelOptionsSchema.safeParse({ rounds }).success).toBe(true);
    for (const rounds of [1, 3, 5, 11, 0, 14, 2.5]) expect(duelOptionsSchema.safeParse({ rounds }).success).toBe(false);
  });

  it('enforces the ranges and refuses unknown options', () => {
    expect(duelOptionsSchema.safeParse({ pegs: 2 }).success).toBe(false);
    expect(duelOptionsSchema.safeParse({ pegs: 7 }).success).toBe(false);
    expect(duelOptionsSchema.safeParse({ colours: 3 }).success).toBe(false);
    expect(duelOptionsSchema.safeParse({ colours: 11 }).success).toBe(false);
    expect(duelOptionsSchema.safeParse({ guesses: 7 }).success).toBe(false);
    expect(duelOptionsSchema.safeParse({ guesses: 16 }).success).toBe(false);
    expect(duelOptionsSchema.safeParse({ scoring: 'goals' }).success).toBe(false);
    expect(duelOptionsSchema.safeParse({ cheat: true }).success).toBe(false);
  });
});

describe('duel setup', () => {
  it('seats two players, seat 0 making the first code', () => {
    const s = start();
    expect(duel.seatCount(s.options)).toBe(2);
    expect(s.rounds).toHaveLength(1);
    expect(current(s)).toMatchObject({ number: 1, codemaker: 0, codebreaker: 1, secret: null, rows: [], outcome: null });
    expect(duel.status(s)).toEqual({
      finished: false,
      toAct: [0],
      owes: [{ seat: 0, kind: 'secret' }],
      may: [],
      scores: [0, 0],
      winners: [],
      draw: false,
    });
  });

  it('ignores the seed: nothing in a duel is random', () => {
    const o = duelOptionsSchema.parse({});
    expect(duel.setup(o, 'a')).toEqual(duel.setup(o, 'b'));
  });
});

describe('duel roles', () => {
  it('swaps codemaker and codebreaker every round', () => {
    let s = start({ rounds: 4 });
    const makers: Seat[] = [];
    for (let i = 0; i < 4; i++) {
      makers.push(current(s).codemaker);
      expect(current(s).codebreaker).toBe(1 - current(s).codemaker);
      s = autoRound(s, 0, true);
    }
    expect(makers).toEqual([0, 1, 0, 1]);
    expect(s.rounds.map((r) => r.number)).toEqual([1, 2, 3, 4]);
  });

  it('asks the codemaker for the secret, then the codebreaker for guesses', () => {
    let s = start();
    expect(duel.status(s).toAct).toEqual([0]);
    s = act(s, 0, secret(S));
    expect(duel.status(s).toAct).toEqual([1]);
    s = act(s, 1, guess(MISS));
    expect(duel.status(s).toAct).toEqual([1]);
    s = act(s, 1, guess(S));
    expect(duel.status(s).toAct).toEqual([1]);
  });
});

describe('duel validation', () => {
  it('refuses a secret with the wrong number of holes', () => {
    refused(start(), 0, secret([0, 1, 2]), 'INVALID_CODE');
    refused(start(), 0, secret([0, 1, 2, 3, 4]), 'INVALID_CODE');
  });

  it('refuses a secret colour out of range', () => {
    refused(start(), 0, secret([0, 1, 2, 6]), 'INVALID_CODE');
    refused(start({ colours: 8 }), 0, secret([0, 1, 2, 8]), 'INVALID_CODE');
    expect(act(start({ colours: 8 }), 0, secret([0, 1, 2, 7])).rounds[0]?.secret).toEqual([0, 1, 2, 7]);
  });

  it('refuses a repeated colour in the secret when repeats are off, accepts it when on', () => {
    refused(start(), 0, secret([0, 0, 1, 2]), 'INVALID_CODE');
    expect(current(act(start({ repeats: true }), 0, secret([0, 0, 0, 0]))).secret).toEqual([0, 0, 0, 0]);
  });

  it('refuses a blank in the secret when blanks are off, accepts it when on', () => {
    refused(start(), 0, secret([0, null, 1, 2]), 'INVALID_CODE');
    expect(current(act(start({ blanks: true }), 0, secret([0, null, 1, 2]))).secret).toEqual([0, null, 1, 2]);
  });

  it('lets only the codemaker set the secret, and only once', () => {
    refused(start(), 1, secret(S), 'NOT_YOUR_TURN');
    const s = act(start(), 0, secret(S));
    refused(s, 0, secret([3, 2, 1, 0]), 'WRONG_PHASE');
    refused(s, 1, secret([3, 2, 1, 0]), 'NOT_YOUR_TURN');
  });

  it('refuses a guess before the secret is set', () => {
    expect(refused(start(), 1, guess(S), 'WRONG_PHASE')).toMatch(/secret/);
  });

  it('refuses a guess by the codemaker', () => {
    refused(act(start(), 0, secret(S)), 0, guess(S), 'NOT_YOUR_TURN');
  });

  it('refuses a malformed guess', () => {
    const s = act(start(), 0, secret(S));
    refused(s, 1, guess([0, 1, 2]), 'INVALID_CODE');
    refused(s, 1, guess([0, 1, 2, 6]), 'INVALID_CODE');
    refused(s, 1, guess([0, 1, 2, null]), 'INVALID_CODE');
  });

  it('lets a guess repeat colours even when the secret may not', () => {
    const s = act(act(start(), 0, secret(S)), 1, guess([0, 0, 0, 0]));
    expect(current(s).rows[0]?.score).toEqual({ black: 1, white: 0 });
  });

  it('lets a guess hold blanks when blanks are on', () => {
    const s = act(act(start({ blanks: true }), 0, secret(S)), 1, guess([null, null, 2, 3]));
    expect(current(s).rows[0]?.score).toEqual({ black: 2, white: 0 });
  });

  it('refuses seats that are not at the table', () => {
    for (const seat of [2, -1, 0.5, Number.NaN]) refused(start(), seat, secret(S), 'NOT_A_PLAYER');
  });

  it('refuses a hand score when the server scores', () => {
    refused(act(act(start(), 0, secret(S)), 1, guess(MISS)), 0, score(0, 0), 'INVALID_ACTION');
  });

  it('refuses an unknown action type that slipped past the schema', () => {
    refused(start(), 0, { type: 'resign' } as unknown as DuelAction, 'INVALID_ACTION');
  });

  it('refuses every action once the match is finished', () => {
    const s = autoRound(autoRound(start(), 0, true), 0, true);
    expect(s.finished).toBe(true);
    refused(s, 0, secret(S), 'MATCH_FINISHED');
    refused(s, 1, guess(S), 'MATCH_FINISHED');
    refused(s, 0, score(0, 0), 'MATCH_FINISHED');
  });
});

describe('duel play, server scoring', () => {
  it('scores each guess at once and keeps every row', () => {
    let s = act(start(), 0, secret(S));
    s = act(s, 1, guess(MISS));
    s = act(s, 1, guess(HALF));
    s = act(s, 1, guess([3, 2, 1, 0]));
    expect(current(s).rows.map((r) => r.score)).toEqual([
      { black: 0, white: 0 },
      { black: 2, white: 0 },
      { black: 0, white: 4 },
    ]);
    expect(current(s).rows.every((r) => r.score !== null && r.score.black === r.trueScore.black)).toBe(true);
    expect(current(s).outcome).toBeNull();
  });

  it('ends the round when the code is broken', () => {
    const s = autoRound(start(), 2, true);
    expect(s.rounds[0]).toMatchObject({ outcome: 'broken', faulty: false });
    expect(s.rounds[0]?.rows).toHaveLength(3);
    expect(current(s)).toMatchObject({ number: 2, codemaker: 1, codebreaker: 0, secret: null });
  });

  it('ends the round as failed when the last allowed guess misses', () => {
    let s = autoRound(start({ guesses: 8 }), 7, false);
    expect(current(s).outcome).toBeNull();
    s = act(s, 1, guess(HALF));
    expect(s.rounds[0]).toMatchObject({ outcome: 'failed' });
    expect(s.rounds[0]?.rows).toHaveLength(8);
    // the codebreaker of round 1 has no ninth row: the next round has begun
    refused(s, 1, guess(S), 'NOT_YOUR_TURN');
  });

  it('scores blanks as a seventh colour', () => {
    let s = act(start({ blanks: true }), 0, secret([null, 1, 2, 3]));
    s = act(s, 1, guess([1, null, null, 3]));
    expect(current(s).rows[0]?.score).toEqual({ black: 1, white: 2 });
    s = act(s, 1, guess([null, 1, 2, 3]));
    expect(s.rounds[0]?.outcome).toBe('broken');
  });

  describe('rounds-won scoring', () => {
    it('gives the round to the codebreaker who breaks the code, else to the codemaker', () => {
      let s = autoRound(start({ rounds: 4 }), 11, true);
      expect(s.rounds[0]?.gained).toEqual([0, 1]);
      s = autoRound(s, 12, false);
      expect(s.rounds[1]?.gained).toEqual([0, 1]);
      expect(s.scores).toEqual([0, 2]);
    });

    it('names the seat with more rounds the winner', () => {
      const s = autoRound(autoRound(start(), 12, false), 0, true);
      expect(s.finished).toBe(true);
      expect(duel.status(s)).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [2, 0], winners: [0], draw: false });
    });

    it('calls equal counts a draw', () => {
      const s = autoRound(autoRound(start(), 3, true), 5, true);
      expect(duel.status(s)).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [1, 1], winners: [], draw: true });
    });
  });

  describe('codemaker-points scoring', () => {
    it('gives the codemaker one point per row placed', () => {
      const s = autoRound(start({ scoring: 'points' }), 4, true);
      expect(s.rounds[0]?.gained).toEqual([5, 0]);
      expect(s.scores).toEqual([5, 0]);
    });

    it('charges the guess limit plus one for a failed round', () => {
      expect(autoRound(start({ scoring: 'points' }), 12, false).rounds[0]?.gained).toEqual([13, 0]);
      expect(autoRound(start({ scoring: 'points', guesses: 8 }), 8, false).rounds[0]?.gained).toEqual([9, 0]);
    });

    it('names the higher total the winner, equal totals a draw', () => {
      const won = autoRound(autoRound(start({ scoring: 'points' }), 5, true), 2, true);
      expect(duel.status(won)).toMatchObject({ finished: true, scores: [6, 3], winners: [0], draw: false });
      const drawn = autoRound(autoRound(start({ scoring: 'points' }), 5, true), 5, true);
      expect(duel.status(drawn)).toMatchObject({ finished: true, scores: [6, 6], winners: [], draw: true });
    });
  });

  it('lasts exactly the number of rounds chosen', () => {
    let s = start({ rounds: 6 });
    for (let i = 0; i < 6; i++) {
      expect(s.finished).toBe(false);
      s = autoRound(s, i, true);
    }
    expect(s.finished).toBe(true);
    expect(s.rounds).toHaveLength(6);
    expect(duel.status(s)).toMatchObject({ finished: true, toAct: [], scores: [3, 3], draw: true });
  });
});

describe('duel play, codemaker scores by hand', () => {
  const hand = (input: DuelOptionsInput = {}) => act(start({ handScoring: true, ...input }), 0, secret(S));

  it('waits for the codemaker to score each guess', () => {
    const s = act(hand(), 1, guess(HALF));
    expect(current(s).rows[0]).toEqual({ guess: HALF, score: null, trueScore: { black: 2, white: 0 } });
    expect(duel.status(s).toAct).toEqual([0]);
    expect(duel.status(s).owes).toEqual([{ seat: 0, kind: 'score' }]);
    expect(duel.status(hand()).owes).toEqual([{ seat: 1, kind: 'guess' }]);
    expect(duel.view(s, 1).rounds[0]?.awaitingScore).toBe(true);
    refused(s, 1, guess(S), 'WRONG_PHASE');
    refused(s, 1, score(2, 0), 'NOT_YOUR_TURN');
    const scored = act(s, 0, score(2, 0));
    expect(current(scored).rows[0]?.score).toEqual({ black: 2, white: 0 });
    expect(duel.status(scored).toAct).toEqual([1]);
    expect(duel.view(scored, 1).rounds[0]?.awaitingScore).toBe(false);
  });

  it('refuses a score when no guess waits for one', () => {
    refused(hand(), 0, score(0, 0), 'WRONG_PHASE');
    refused(handRow(hand(), MISS), 0, score(0, 0), 'WRONG_PHASE');
  });

  it('refuses scores that cannot exist', () => {
    const s = act(hand(), 1, guess(HALF));
    expect(refused(s, 0, score(3, 2), 'INVALID_SCORE')).toMatch(/exceed/);
    expect(refused(s, 0, score(0, 5), 'INVALID_SCORE')).toMatch(/exceed/);
    expect(refused(s, 0, score(3, 1), 'INVALID_SCORE')).toMatch(/misplaced/);
    refused(s, 0, score(4, 1), 'INVALID_SCORE');
    const five = act(act(start({ handScoring: true, pegs: 5 }), 0, secret([0, 1, 2, 3, 4])), 1, guess([0, 1, 2, 3, 5]));
    refused(five, 0, score(4, 1), 'INVALID_SCORE');
    expect(current(act(five, 0, score(4, 0))).rows[0]?.score).toEqual({ black: 4, white: 0 });
  });

  it('plays a normal round when every score is right', () => {
    let s = handRow(handRow(hand(), MISS), HALF);
    s = handRow(s, S);
    expect(s.rounds).toHaveLength(2);
    expect(s.rounds[0]).toMatchObject({ number: 1, outcome: 'broken', faulty: false, gained: [0, 1] });
    expect(current(s)).toMatchObject({ number: 2, codemaker: 1 });
  });

  it('ends a round as failed when the guesses run out', () => {
    let s = hand({ guesses: 8, scoring: 'points' });
    for (let i = 0; i < 8; i++) s = handRow(s, MISS);
    expect(s.rounds[0]).toMatchObject({ outcome: 'failed', faulty: false, gained: [9, 0] });
  });

  it('replays a round with a wrong score, same number and roles, and gives the codebreaker a round', () => {
    let s = handRow(hand(), HALF, [1, 0]);
    expect(current(s).outcome).toBeNull(); // the error is only found at the end
    s = handRow(s, S);
    expect(s.rounds).toHaveLength(2);
    expect(s.rounds[0]).toMatchObject({
      number: 1,
      codemaker: 0,
      codebreaker: 1,
      outcome: 'broken',
      faulty: true,
      gained: [0, 1],
    });
    expect(s.rounds[0]?.rows[0]).toEqual({ guess: HALF, score: { black: 1, white: 0 }, trueScore: { black: 2, white: 0 } });
    expect(s.rounds[1]).toMatchObject({
      number: 1,
      codemaker: 0,
      codebreaker: 1,
      secret: null,
      rows: [],
      outcome: null,
      faulty: false,
    });
    expect(s.scores).toEqual([0, 1]);
    expect(duel.status(s).toAct).toEqual([0]);
  });

  it('gives 3 bonus points for a faulty round under codemaker-points scoring', () => {
    let s = handRow(hand({ scoring: 'points' }), MISS, [0, 1]);
    s = handRow(s, S);
    expect(s.rounds[0]).toMatchObject({ faulty: true, gained: [0, 3] });
    expect(s.scores).toEqual([0, 3]);
  });

  it('does not count a faulty round towards the match length', () => {
    let s = handRow(hand({ scoring: 'points' }), MISS, [0, 1]);
    s = handRow(s, S); // faulty round 1
    s = act(s, 0, secret(S));
    s = handRow(handRow(s, MISS), S); // replayed round 1: 2 rows for seat 0
    expect(s.finished).toBe(false);
    s = act(s, 1, secret(S));
    s = handRow(s, S); // round 2: 1 row for seat 1
    expect(s.finished).toBe(true);
    expect(s.rounds.map((r) => [r.number, r.codemaker, r.faulty])).toEqual([
      [1, 0, true],
      [1, 0, false],
      [2, 1, false],
    ]);
    expect(s.rounds.map((r) => r.gained)).toEqual([
      [0, 3],
      [2, 0],
      [0, 1],
    ]);
    expect(duel.status(s)).toMatchObject({ scores: [2, 4], winners: [1], draw: false });
  });

  it('ends a round on an entered all-black score, and finds it faulty when it was a lie', () => {
    const s = handRow(hand(), MISS, [4, 0]);
    expect(s.rounds[0]).toMatchObject({ outcome: 'broken', faulty: true, gained: [0, 1] });
    expect(current(s)).toMatchObject({ number: 1, codemaker: 0 });
  });

  it('keeps the round going when a correct guess is scored wrongly', () => {
    let s = handRow(hand({ guesses: 8 }), S, [2, 2]);
    expect(current(s).outcome).toBeNull();
    for (let i = 0; i < 7; i++) s = handRow(s, MISS);
    expect(s.rounds[0]).toMatchObject({ outcome: 'failed', faulty: true, gained: [0, 1] });
  });

  it('hides true scores from everyone until the round ends', () => {
    const s = handRow(hand(), HALF, [1, 0]);
    for (const viewer of [0, 1, null]) {
      expect(duel.view(s, viewer).rounds[0]?.rows[0]).toEqual({ guess: HALF, score: { black: 1, white: 0 }, trueScore: null });
    }
    const ended = handRow(s, S);
    for (const viewer of [0, 1, null]) {
      expect(duel.view(ended, viewer).rounds[0]?.rows[0]?.trueScore).toEqual({ black: 2, white: 0 });
      expect(duel.view(ended, viewer).rounds[0]?.faulty).toBe(true);
    }
  });
});

describe('duel view', () => {
  it('shows the secret to its codemaker only while the round is played', () => {
    const s = act(start(), 0, secret(S));
    expect(duel.view(s, 0).rounds[0]).toMatchObject({ secretSet: true, secret: S });
    expect(duel.view(s, 1).rounds[0]).toMatchObject({ secretSet: true, secret: null });
    expect(duel.view(s, null).rounds[0]).toMatchObject({ secretSet: true, secret: null });
    expect(JSON.stringify(duel.view(s, 1))).not.toContain(JSON.stringify(S));
  });

  it('reveals the secret to everyone once the round has an outcome', () => {
    const s = autoRound(start(), 12, false);
    for (const viewer of [0, 1, null]) expect(duel.view(s, viewer).rounds[0]?.secret).toEqual(S);
    // the next round's secret is again the codemaker's (now seat 1) alone
    const next = act(s, 1, secret([5, 4, 3, 2]));
    expect(duel.view(next, 1).rounds[1]?.secret).toEqual([5, 4, 3, 2]);
    expect(duel.view(next, 0).rounds[1]?.secret).toBeNull();
  });

  it('shows an unset secret as unset to everyone', () => {
    for (const viewer of [0, 1, null])
      expect(duel.view(start(), viewer).rounds[0]).toMatchObject({ secretSet: false, secret: null });
  });

  it('describes the public parts of the match', () => {
    const s = autoRound(start({ scoring: 'points' }), 1, true);
    const v = duel.view(s, null);
    expect(v).toMatchObject({ family: 'duel', viewer: null, options: s.options, scores: [2, 0], finished: false });
    expect(v.rounds[0]).toMatchObject({
      number: 1,
      codemaker: 0,
      codebreaker: 1,
      outcome: 'broken',
      faulty: false,
      gained: [2, 0],
      awaitingScore: false,
    });
    expect(v.rounds[0]?.rows.map((r) => r.score)).toEqual([
      { black: 0, white: 0 },
      { black: 4, white: 0 },
    ]);
  });

  it('hands out copies: changing a view cannot change the state', () => {
    const s = deepFreeze(autoRound(start(), 1, true));
    const v = duel.view(s, 0);
    const round = v.rounds[0];
    if (!round?.secret || !round.rows[0]?.score) throw new Error('expected a revealed round');
    round.secret[0] = 5;
    round.rows[0].guess[0] = 0;
    round.rows[0].score.black = 9;
    round.gained[0] = 9;
    v.scores[0] = 9;
    v.options.pegs = 9;
    expect(s.rounds[0]?.secret).toEqual(S);
    expect(s.scores).toEqual([0, 1]);
  });
});
