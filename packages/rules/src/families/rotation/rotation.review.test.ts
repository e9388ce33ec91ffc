import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomCode, type Rng } from '../../core/rng';
import type { LoggedAction } from '../../core/family';
import { playReviewing } from '../../core/testing';
import { withTimeouts } from '../../core/testing-clock';
import { rotation } from './rotation';
import { rotationOptionsSchema, type RotationAction, type RotationState, type RotationView } from './types';

const hide = (v: RotationView): RotationView => ({ ...v, rounds: v.rounds.map((r) => ({ ...r, secret: null })) });
const hidden = (v: RotationView): unknown[] => v.rounds.filter((r) => r.secretSet).map((r) => r.secret);

describe('rotation review', () => {
  it('is the spectator view with every secret shown, and equals it once finished, timeouts included', () => {
    let timedOut = 0;
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(3 as const, 4 as const, 5 as const), (seed, players) => {
        const options = rotationOptionsSchema.parse({ players });
        const rules = { pegs: options.pegs, colours: options.colours, repeats: options.repeats, blanks: false };
        const move = (s: RotationState, rng: Rng): LoggedAction<RotationAction> => {
          const round = s.rounds[s.rounds.length - 1]!;
          const seat = rotation.status(s).toAct[0]!;
          if (round.secret === null) return { seat, action: { type: 'setSecret', code: randomCode(rng, rules) } };
          const guess = rng.next() < 0.2 ? [...round.secret] : randomCode(rng, { ...rules, repeats: true });
          return { seat, action: { type: 'guess', code: guess } };
        };
        const { state, log } = playReviewing(rotation, options, seed, hide, hidden, withTimeouts(rotation, move, 0.15));
        expect(state.finished).toBe(true);
        const review = rotation.review(state);
        expect(hidden(review)).toHaveLength(players);
        // every row lost to the timer is on the reviewed board, with the seat that lost it
        const lost = review.rounds.flatMap((r) => r.missed);
        const rowTimeouts = log.filter((e) => e.action.type === 'timeout' && e.action.code === undefined);
        expect(lost.map((m) => m.seat)).toEqual(rowTimeouts.map((e) => e.seat));
        timedOut += lost.length;
      }),
      { numRuns: 30 },
    );
    expect(timedOut).toBeGreaterThan(0);
  });
});
