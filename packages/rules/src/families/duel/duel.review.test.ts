import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedAction } from '../../core/family';
import { randomCode } from '../../core/rng';
import { playReviewing } from '../../core/testing';
import { duel } from './duel';
import { duelOptionsSchema, type DuelAction, type DuelView } from './types';

const hide = (v: DuelView): DuelView => ({
  ...v,
  rounds: v.rounds.map((r) => ({ ...r, secret: null, rows: r.rows.map((row) => ({ ...row, trueScore: null })) })),
});
// Every secret set and every true score: what a spectator may not see while a round is played.
const hidden = (v: DuelView): unknown[] =>
  v.rounds.flatMap((r) => [...(r.secretSet ? [r.secret] : []), ...r.rows.map((row) => row.trueScore)]);

describe('duel review', () => {
  it('is the spectator view with every secret and true score shown, and equals it once finished', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), fc.boolean(), (seed, handScoring, repeats) => {
        const options = duelOptionsSchema.parse({ handScoring, repeats, scoring: handScoring ? 'points' : 'rounds' });
        const rules = { pegs: options.pegs, colours: options.colours, repeats: options.repeats, blanks: options.blanks };
        const { state } = playReviewing(duel, options, seed, hide, hidden, (s, rng): LoggedAction<DuelAction> => {
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
        });
        expect(state.finished).toBe(true);
        expect(hidden(duel.review(state)).length).toBeGreaterThan(0);
      }),
      { numRuns: 30 },
    );
  });
});
