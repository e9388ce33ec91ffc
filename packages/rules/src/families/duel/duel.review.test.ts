import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldLog, type LoggedAction } from '../../core/family';
import { randomCode, type Rng } from '../../core/rng';
import { playReviewing } from '../../core/testing';
import { withTimeouts } from '../../core/testing-clock';
import { duel } from './duel';
import { duelOptionsSchema, type DuelAction, type DuelState, type DuelView } from './types';

const hide = (v: DuelView): DuelView => ({
  ...v,
  rounds: v.rounds.map((r) => ({ ...r, secret: null, rows: r.rows.map((row) => ({ ...row, trueScore: null })) })),
});
// Every secret set and every true score: what a spectator may not see while a round is played.
const hidden = (v: DuelView): unknown[] =>
  v.rounds.flatMap((r) => [...(r.secretSet ? [r.secret] : []), ...r.rows.map((row) => row.trueScore)]);

describe('duel review', () => {
  it('is the spectator view with every secret and true score shown, and equals it once finished, timeouts included', () => {
    let timedOut = 0;
    fc.assert(
      fc.property(fc.string(), fc.boolean(), fc.boolean(), (seed, handScoring, repeats) => {
        const options = duelOptionsSchema.parse({ handScoring, repeats, scoring: handScoring ? 'points' : 'rounds' });
        const rules = { pegs: options.pegs, colours: options.colours, repeats: options.repeats, blanks: options.blanks };
        const move = (s: DuelState, rng: Rng): LoggedAction<DuelAction> => {
          const round = s.rounds[s.rounds.length - 1]!;
          const seat = duel.status(s).toAct[0]!;
          if (round.secret === null) return { seat, action: { type: 'setSecret', code: randomCode(rng, rules) } };
          const last = round.rows[round.rows.length - 1];
          if (last && last.score === null) {
            // now and then a wrong hand score, so faulty rounds are reviewed too
            const score = rng.next() < 0.1 && last.trueScore.black > 0 ? { black: 0, white: 0 } : last.trueScore;
            return { seat, action: { type: 'score', ...score } };
          }
          const guess = rng.next() < 0.25 ? [...round.secret] : randomCode(rng, { ...rules, repeats: true });
          return { seat, action: { type: 'guess', code: guess } };
        };
        const { state } = playReviewing(duel, options, seed, hide, hidden, withTimeouts(duel, move, 0.15));
        expect(state.finished).toBe(true);
        const review = duel.review(state);
        expect(hidden(review).length).toBeGreaterThan(0);
        // a row lost to the timer keeps its place on the reviewed board: rows and lost rows never overlap
        for (const r of review.rounds) {
          expect(new Set(r.missed).size).toBe(r.missed.length);
          expect(r.missed.every((n) => n >= 1 && n <= r.rows.length + r.missed.length)).toBe(true);
        }
        timedOut += review.rounds.reduce((n, r) => n + r.missed.length, 0);
      }),
      { numRuns: 30 },
    );
    expect(timedOut).toBeGreaterThan(0);
  });

  it('counts the guesses each seat took for the codes it broke (a player’s statistics)', () => {
    const options = duelOptionsSchema.parse({});
    const log: LoggedAction<DuelAction>[] = [
      { seat: 0, action: { type: 'setSecret', code: [0, 1, 2, 3] } },
      { seat: 1, action: { type: 'guess', code: [3, 2, 1, 0] } },
      { seat: 1, action: { type: 'guess', code: [0, 1, 2, 3] } },
      { seat: 1, action: { type: 'setSecret', code: [5, 4, 3, 2] } },
      { seat: 0, action: { type: 'guess', code: [5, 4, 3, 2] } },
    ];
    const review = duel.review(foldLog(duel, options, 'seed', log));
    expect(duel.codesBroken?.(review, 0)).toEqual([1]);
    expect(duel.codesBroken?.(review, 1)).toEqual([2]);
  });
});
