import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomCode } from '../../core/rng';
import { playReviewing } from '../../core/testing';
import { rotation } from './rotation';
import { rotationOptionsSchema, type RotationView } from './types';

const hide = (v: RotationView): RotationView => ({ ...v, rounds: v.rounds.map((r) => ({ ...r, secret: null })) });
const hidden = (v: RotationView): unknown[] => v.rounds.filter((r) => r.secretSet).map((r) => r.secret);

describe('rotation review', () => {
  it('is the spectator view with every secret shown, and equals it once finished', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(3 as const, 4 as const, 5 as const), (seed, players) => {
        const options = rotationOptionsSchema.parse({ players });
        const rules = { pegs: options.pegs, colours: options.colours, repeats: options.repeats, blanks: false };
        const { state } = playReviewing(rotation, options, seed, hide, hidden, (s, rng) => {
          const round = s.rounds[s.rounds.length - 1]!;
          const seat = rotation.status(s).toAct[0]!;
          if (round.secret === null) return { seat, action: { type: 'setSecret', code: randomCode(rng, rules) } };
          const guess = rng.next() < 0.2 ? [...round.secret] : randomCode(rng, { ...rules, repeats: true });
          return { seat, action: { type: 'guess', code: guess } };
        });
        expect(state.finished).toBe(true);
        expect(hidden(rotation.review(state))).toHaveLength(players);
      }),
      { numRuns: 30 },
    );
  });
});
