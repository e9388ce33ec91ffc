import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedAction } from '../../core/family';
import { playReviewing } from '../../core/testing';
import { withTimeouts } from '../../core/testing-clock';
import { mm44, mm44Code } from './mm44';
import type { Rng } from '../../core/rng';
import { MM44_COLOURS, MM44_HOLES, MM44_SEATINGS } from './pure';
import { mm44OptionsSchema, type Mm44Action, type Mm44Part, type Mm44State, type Mm44View } from './types';

const hide = (v: Mm44View): Mm44View => ({ ...v, code: null, boards: v.boards.map((b) => ({ ...b, part: null })) });
const hidden = (v: Mm44View): unknown[] => [v.code, ...v.boards.map((b) => b.part)];

describe('mm44 review', () => {
  it('is the spectator view with every part and the code shown, and equals it once finished, timeouts included', () => {
    let timedOut = 0;
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...MM44_SEATINGS), (seed, seating) => {
        const options = mm44OptionsSchema.parse({ seating });
        const move = (s: Mm44State, rng: Rng): LoggedAction<Mm44Action> => {
          const seat = mm44.status(s).toAct[0]!;
          const right = mm44Code(s.boards.map((b) => b.part));
          if (s.finalCalls !== null) return { seat, action: rng.next() < 0.5 ? { type: 'pass' } : { type: 'call', code: right } };
          if (rng.next() < 0.05)
            return { seat, action: { type: 'call', code: rng.next() < 0.5 ? right : right.map(() => null) } };
          const row = Array.from({ length: MM44_HOLES }, () => (rng.next() < 0.2 ? null : rng.int(MM44_COLOURS)));
          return { seat, action: { type: 'row', code: row } };
        };
        const { state, log } = playReviewing(mm44, options, seed, hide, hidden, withTimeouts(mm44, move, 0.15));
        expect(state.finished).toBe(true);
        const review = mm44.review(state);
        expect(review.boards.map((b) => b.part)).toEqual(state.boards.map((b): Mm44Part => b.part));
        // a timeout is a lost row in play or a pass in the final calls: each shows in the review
        const lost = review.boards.reduce((n, b) => n + b.missed.length, 0);
        const timeouts = log.filter((e) => e.action.type === 'timeout').length;
        expect(lost + review.passed.length).toBeGreaterThanOrEqual(timeouts);
        expect(lost).toBeLessThanOrEqual(timeouts);
        timedOut += lost;
      }),
      { numRuns: 30 },
    );
    expect(timedOut).toBeGreaterThan(0);
  });

  it('reveals the deal from the very start, where a spectator sees no part', () => {
    const state = mm44.setup(mm44OptionsSchema.parse({}), 'seed');
    expect(mm44.view(state, null).boards.every((b) => b.part === null)).toBe(true);
    expect(mm44.review(state).boards.every((b) => b.part !== null)).toBe(true);
    expect(mm44.review(state).code).toEqual(mm44Code(state.boards.map((b) => b.part)));
  });
});
