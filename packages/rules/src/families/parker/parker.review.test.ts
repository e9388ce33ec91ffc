import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomCode } from '../../core/rng';
import { playReviewing } from '../../core/testing';
import { parker } from './parker';
import { parkerOptionsSchema, type ParkerView } from './types';

const hide = (v: ParkerView): ParkerView => ({ ...v, games: v.games.map((g) => ({ ...g, secrets: [null, null] })) });
const hidden = (v: ParkerView): unknown[] => v.games.flatMap((g) => g.secrets.filter((_, s) => g.secretSet[s]));

describe('parker review', () => {
  it('is the spectator view with both secrets shown, and equals it once finished', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(1, 3), (seed, games) => {
        const options = parkerOptionsSchema.parse({ games });
        const rules = { pegs: options.pegs, colours: options.colours, repeats: options.repeats, blanks: false };
        const { state } = playReviewing(parker, options, seed, hide, hidden, (s, rng) => {
          const game = s.games[s.games.length - 1]!;
          const toAct = parker.status(s).toAct;
          const seat = toAct[rng.int(toAct.length)]!;
          if (game.secrets[seat as 0 | 1] === null) return { seat, action: { type: 'setSecret', code: randomCode(rng, rules) } };
          const target = game.secrets[seat === 0 ? 1 : 0]!;
          const guess = rng.next() < 0.2 ? [...target] : randomCode(rng, { ...rules, repeats: true });
          return { seat, action: { type: 'guess', code: guess } };
        });
        expect(state.finished).toBe(true);
        expect(hidden(parker.review(state))).toHaveLength(2 * games);
      }),
      { numRuns: 30 },
    );
  });
});
