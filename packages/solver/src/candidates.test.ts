import fc from 'fast-check';
import { allCodes, createRng, randomCode, scoreGuess, type Code, type CodeRules } from '@mm/rules';
import { describe, expect, it } from 'vitest';
import { candidatesFor, countConsistent, filterCandidates, type Row } from './candidates';
import { createSpace, decode } from './space';

const smallRulesArb: fc.Arbitrary<CodeRules> = fc
  .record({
    pegs: fc.integer({ min: 3, max: 4 }),
    colours: fc.integer({ min: 4, max: 7 }),
    repeats: fc.boolean(),
    blanks: fc.boolean(),
  })
  .filter((r) => r.repeats || r.blanks || r.colours >= r.pegs);

/** A game of random guesses (legal guesses: repeats always allowed) against a random secret. */
const gameArb = fc
  .record({ rules: smallRulesArb, seed: fc.string(), rows: fc.integer({ min: 0, max: 5 }) })
  .map(({ rules, seed, rows }) => {
    const rng = createRng(seed);
    const secret = randomCode(rng, rules);
    const history: Row[] = Array.from({ length: rows }, () => {
      const guess = randomCode(rng, { ...rules, repeats: true });
      return { guess, score: scoreGuess(secret, guess) };
    });
    return { rules, secret, history };
  });

const bruteForce = (rules: CodeRules, history: readonly Row[]): Code[] =>
  allCodes(rules).filter((c) =>
    history.every((row) => {
      const s = scoreGuess(c, row.guess);
      return s.black === row.score.black && s.white === row.score.white;
    }),
  );

describe('candidates', () => {
  it('are exactly the secrets a brute force over allCodes + scoreGuess keeps', () => {
    fc.assert(
      fc.property(gameArb, ({ rules, secret, history }) => {
        const space = createSpace(rules);
        const want = bruteForce(rules, history);
        const got = Array.from(candidatesFor(space, history), (i) => decode(space, i));
        expect(got).toEqual(want);
        expect(countConsistent(space, history)).toBe(want.length);
        expect(want).toContainEqual(secret);
      }),
      { numRuns: 150 },
    );
  });

  it('filter one row at a time to the same set, whatever was asked before (the cache is invisible)', () => {
    fc.assert(
      fc.property(gameArb, fc.integer({ min: 0, max: 5 }), ({ rules, history }, cut) => {
        const space = createSpace(rules);
        let cands = space.secrets;
        for (const row of history) cands = filterCandidates(space, cands, row.guess, row.score);
        candidatesFor(space, history.slice(0, cut)); // warm a prefix
        expect(Array.from(candidatesFor(space, history))).toEqual(Array.from(cands));
      }),
      { numRuns: 100 },
    );
  });

  it('may come out empty when hand-entered scores contradict each other', () => {
    const space = createSpace({ pegs: 4, colours: 6, repeats: true, blanks: false });
    const history: Row[] = [
      { guess: [0, 0, 0, 0], score: { black: 0, white: 0 } },
      { guess: [0, 1, 1, 1], score: { black: 1, white: 0 } },
      { guess: [1, 1, 1, 1], score: { black: 0, white: 0 } },
    ];
    expect(countConsistent(space, history)).toBe(0);
  });
});
