import fc from 'fast-check';
import { allCodes, createRng, randomCode, scoreGuess, type CodeRules } from '@mm/rules';
import { describe, expect, it } from 'vitest';
import { analyseRound, analyseRow, expectedRemaining } from './analysis';
import { candidatesFor, type Row } from './candidates';
import { createSpace, encode } from './space';

const rulesArb: fc.Arbitrary<CodeRules> = fc
  .record({
    pegs: fc.integer({ min: 3, max: 4 }),
    colours: fc.integer({ min: 4, max: 6 }),
    repeats: fc.boolean(),
    blanks: fc.constant(false),
  })
  .filter((r) => r.repeats || r.colours >= r.pegs);

describe('row analysis', () => {
  it('counts what was possible before and after each row as a brute force does, and never suggests worse than the row', () => {
    fc.assert(
      fc.property(rulesArb, fc.string(), fc.integer({ min: 1, max: 4 }), (rules, seed, rows) => {
        const space = createSpace(rules);
        const rng = createRng(seed);
        const secret = randomCode(rng, rules);
        const history: Row[] = Array.from({ length: rows }, () => {
          const guess = randomCode(rng, { ...rules, repeats: true });
          return { guess, score: scoreGuess(secret, guess) };
        });
        const fits = (h: readonly Row[]): number =>
          allCodes(rules).filter((c) => h.every((r) => JSON.stringify(scoreGuess(c, r.guess)) === JSON.stringify(r.score)))
            .length;
        analyseRound(space, history).forEach((a, i) => {
          const before = history.slice(0, i);
          expect(a.before).toBe(fits(before));
          expect(a.after).toBe(fits(history.slice(0, i + 1)));
          expect(a.suggestionExpectedRemaining).toBeLessThanOrEqual(a.rowExpectedRemaining + 1e-9);
          expect(a.suggestionExpectedRemaining).toBeCloseTo(
            expectedRemaining(space, candidatesFor(space, before), encode(space, a.suggestion)),
            9,
          );
          expect(a.consistent).toBe(Array.from(candidatesFor(space, before)).includes(encode(space, history[i]!.guess)));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('expected remaining is Σ size² / n over the split', () => {
    const space = createSpace({ pegs: 4, colours: 6, repeats: true, blanks: false });
    // AABB against all 1296: class sizes known from Knuth's paper (largest 256)
    const sizes = new Map<string, number>();
    for (const c of allCodes(space.rules)) {
      const s = JSON.stringify(scoreGuess(c, [0, 0, 1, 1]));
      sizes.set(s, (sizes.get(s) ?? 0) + 1);
    }
    const want = [...sizes.values()].reduce((a, n) => a + n * n, 0) / 1296;
    expect(expectedRemaining(space, space.secrets, encode(space, [0, 0, 1, 1]))).toBeCloseTo(want, 12);
    expect(Math.max(...sizes.values())).toBe(256);
  });

  it('suggests AABC-like openings for the first row of 4×6 and measures a poor first row as poor', () => {
    const space = createSpace({ pegs: 4, colours: 6, repeats: true, blanks: false });
    const a = analyseRow(space, [], { guess: [0, 0, 0, 0], score: { black: 0, white: 0 } });
    expect(a).toMatchObject({ before: 1296, after: 625, consistent: true });
    expect(a.rowExpectedRemaining).toBeCloseTo(512, 0);
    expect(a.suggestionExpectedRemaining).toBeLessThan(190);
  });
});
