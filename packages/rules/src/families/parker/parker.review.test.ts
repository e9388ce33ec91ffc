import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomCode, type Rng } from '../../core/rng';
import { foldLog, type LoggedAction } from '../../core/family';
import { playReviewing } from '../../core/testing';
import { withTimeouts } from '../../core/testing-clock';
import { parker } from './parker';
import { parkerOptionsSchema, type ParkerAction, type ParkerState, type ParkerView } from './types';

const hide = (v: ParkerView): ParkerView => ({ ...v, games: v.games.map((g) => ({ ...g, secrets: [null, null] })) });
const hidden = (v: ParkerView): unknown[] => v.games.flatMap((g) => g.secrets.filter((_, s) => g.secretSet[s]));

describe('parker review', () => {
  it('is the spectator view with both secrets shown, and equals it once finished, timeouts included', () => {
    let timedOut = 0;
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(1, 3), (seed, games) => {
        const options = parkerOptionsSchema.parse({ games });
        const rules = { pegs: options.pegs, colours: options.colours, repeats: options.repeats, blanks: false };
        const move = (s: ParkerState, rng: Rng): LoggedAction<ParkerAction> => {
          const game = s.games[s.games.length - 1]!;
          const toAct = parker.status(s).toAct;
          const seat = toAct[rng.int(toAct.length)]!;
          if (game.secrets[seat as 0 | 1] === null) return { seat, action: { type: 'setSecret', code: randomCode(rng, rules) } };
          const target = game.secrets[seat === 0 ? 1 : 0]!;
          const guess = rng.next() < 0.2 ? [...target] : randomCode(rng, { ...rules, repeats: true });
          return { seat, action: { type: 'guess', code: guess } };
        };
        const { state, log } = playReviewing(parker, options, seed, hide, hidden, withTimeouts(parker, move, 0.15));
        expect(state.finished).toBe(true);
        const review = parker.review(state);
        expect(hidden(review)).toHaveLength(2 * games);
        // a guess lost to the timer is shown where it happened, and a timed-out secret like any secret
        const lost = review.games.reduce((n, g) => n + g.missed[0].length + g.missed[1].length, 0);
        const guessTimeouts = log.filter((e) => e.action.type === 'timeout' && e.action.code === undefined).length;
        expect(lost).toBe(guessTimeouts);
        timedOut += lost;
      }),
      { numRuns: 30 },
    );
    expect(timedOut).toBeGreaterThan(0);
  });

  it('counts the move at which each seat broke the other’s code (a player’s statistics)', () => {
    const options = parkerOptionsSchema.parse({});
    const log: LoggedAction<ParkerAction>[] = [
      { seat: 0, action: { type: 'setSecret', code: [0, 1, 2] } },
      { seat: 1, action: { type: 'setSecret', code: [3, 4, 5] } },
      { seat: 0, action: { type: 'guess', code: [3, 4, 5] } },
      { seat: 1, action: { type: 'guess', code: [1, 1, 1] } },
    ];
    const review = parker.review(foldLog(parker, options, 'seed', log));
    expect(parker.codesBroken?.(review, 0)).toEqual([1]);
    expect(parker.codesBroken?.(review, 1)).toEqual([]);
  });
});
