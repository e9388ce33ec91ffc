import fc from 'fast-check';
import { allCodes, scoreGuess, type Code, type CodeRules } from '@mm/rules';
import { describe, expect, it } from 'vitest';
import { partitionCounts, SampleScorer } from './candidates';
import { createSpace, decode, encode, fromScoreIndex, scoreIndex, TABLE_LIMIT, toScoreIndex } from './space';

const rulesArb = fc.record({
  pegs: fc.integer({ min: 3, max: 6 }),
  colours: fc.integer({ min: 4, max: 10 }),
  repeats: fc.boolean(),
  blanks: fc.boolean(),
});
/** Small enough to build many of them in a test (the big ones are covered by a few fixed cases). */
const smallRulesArb = rulesArb.filter((r) => (r.colours + (r.blanks ? 1 : 0)) ** r.pegs <= 40_000);

const codeArb = (r: CodeRules): fc.Arbitrary<Code> =>
  fc.array(
    r.blanks
      ? fc.oneof(fc.integer({ min: 0, max: r.colours - 1 }), fc.constant(null))
      : fc.integer({ min: 0, max: r.colours - 1 }),
    {
      minLength: r.pegs,
      maxLength: r.pegs,
    },
  );

describe('code space', () => {
  it('numbers codes in the rules’ own order, and lists exactly the legal secrets', () => {
    for (const rules of [
      { pegs: 4, colours: 6, repeats: true, blanks: false },
      { pegs: 4, colours: 6, repeats: false, blanks: false },
      { pegs: 3, colours: 5, repeats: false, blanks: true },
      { pegs: 3, colours: 4, repeats: true, blanks: true },
    ]) {
      const space = createSpace(rules);
      const guesses = allCodes({ ...rules, repeats: true });
      expect(space.size).toBe(guesses.length);
      guesses.forEach((code, i) => {
        expect(encode(space, code)).toBe(i);
        expect(decode(space, i)).toEqual(code);
      });
      expect(Array.from(space.secrets, (i) => decode(space, i))).toEqual(allCodes(rules));
    }
  });

  it('turns every possible score into an integer and back', () => {
    for (let pegs = 3; pegs <= 6; pegs++) {
      const space = createSpace({ pegs, colours: 4, repeats: true, blanks: false });
      const seen = new Set<number>();
      for (let black = 0; black <= pegs; black++) {
        for (let white = 0; black + white <= pegs; white++) {
          const s = toScoreIndex(space, { black, white });
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThan(space.scoreRange);
          expect(fromScoreIndex(space, s)).toEqual({ black, white });
          seen.add(s);
        }
      }
      expect(seen.size).toBe(((pegs + 1) * (pegs + 2)) / 2);
      expect(toScoreIndex(space, { black: pegs, white: 0 })).toBe(space.winScore);
    }
  });

  it('scores like scoreGuess from @mm/rules, for any options', () => {
    fc.assert(
      fc.property(
        smallRulesArb.chain((r) => fc.tuple(fc.constant(r), codeArb(r), codeArb(r))),
        ([rules, secret, guess]) => {
          const space = createSpace(rules);
          const want = toScoreIndex(space, scoreGuess(secret, guess));
          expect(scoreIndex(space, encode(space, guess), encode(space, secret))).toBe(want);
          expect(scoreIndex(space, encode(space, secret), encode(space, guess))).toBe(want);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('scores the big spaces like scoreGuess too (direct scoring, every path)', () => {
    for (const rules of [
      { pegs: 6, colours: 10, repeats: true, blanks: false },
      { pegs: 5, colours: 8, repeats: false, blanks: true },
    ]) {
      const space = createSpace(rules);
      expect(space.table).toBeNull();
      fc.assert(
        fc.property(codeArb(rules), fc.array(codeArb(rules), { minLength: 1, maxLength: 60 }), (guess, secrets) => {
          const g = encode(space, guess);
          const cands = Int32Array.from(secrets, (s) => encode(space, s));
          const want = secrets.map((s) => toScoreIndex(space, scoreGuess(s, guess)));
          const counts = new Int32Array(space.scoreRange);
          const expected = new Int32Array(space.scoreRange);
          for (const w of want) expected[w]!++;
          partitionCounts(space, g, cands, counts);
          expect(counts).toEqual(expected);
          new SampleScorer(space, cands).partition(g, counts);
          expect(counts).toEqual(expected);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('keeps a full score table for the small spaces only, equal to direct scoring', () => {
    const space = createSpace({ pegs: 3, colours: 6, repeats: true, blanks: false });
    expect(space.table).not.toBeNull();
    const codes = allCodes(space.rules);
    for (const g of codes)
      for (const s of codes)
        expect(space.table![encode(space, g) * space.size + encode(space, s)]).toBe(toScoreIndex(space, scoreGuess(s, g)));
    expect(createSpace({ pegs: 5, colours: 6, repeats: true, blanks: false }).table).toBeNull();
    expect(6 ** 4).toBeLessThanOrEqual(TABLE_LIMIT);
  });

  it('refuses codes that do not belong to the space', () => {
    const space = createSpace({ pegs: 4, colours: 6, repeats: true, blanks: false });
    expect(() => encode(space, [0, 1, 2])).toThrow(RangeError);
    expect(() => encode(space, [0, 1, 2, 6])).toThrow(RangeError);
    expect(() => encode(space, [0, 1, 2, null])).toThrow(RangeError);
  });
});
