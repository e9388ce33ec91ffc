import fc from 'fast-check';
import { allCodes, createRng, scoreGuess, type BotStrength, type Code, type CodeRules } from '@mm/rules';
import { describe, expect, it } from 'vitest';
import type { Row } from './candidates';
import { randomRelabelling, relabel, relabelledGuess, sameLabels, unlabel, type Relabelling } from './relabel';
import { createSpace } from './space';

const MM46: CodeRules = { pegs: 4, colours: 6, repeats: true, blanks: false };

/** Breaks every secret of `rules` with `labels` at `strength`, the moves drawing from `seed`: the total number of guesses. */
function totalGuesses(rules: CodeRules, strength: BotStrength, labels: Relabelling, seed: string): number {
  const space = createSpace(rules);
  let total = 0;
  for (const secret of allCodes(rules)) {
    const rows: Row[] = [];
    for (;;) {
      const guess = relabelledGuess(space, rows, strength, createRng(`${seed}/row ${rows.length}`), labels);
      const score = scoreGuess(secret, guess);
      rows.push({ guess, score });
      if (score.black === rules.pegs) break;
      if (rows.length > 20) throw new Error(`never broke ${secret.join('')}`);
    }
    total += rows.length;
  }
  return total;
}

const rulesArb = fc.record({
  pegs: fc.integer({ min: 1, max: 6 }),
  colours: fc.integer({ min: 2, max: 10 }),
  repeats: fc.constant(true),
  blanks: fc.boolean(),
});
const codeArb = (r: CodeRules): fc.Arbitrary<Code> => {
  const colour = fc.integer({ min: 0, max: r.colours - 1 });
  return fc.array(r.blanks ? fc.option(colour, { nil: null }) : colour, { minLength: r.pegs, maxLength: r.pegs });
};

describe('relabelling colours and holes', () => {
  it('keeps every score and is undone by unlabel (blanks stay blanks)', () => {
    fc.assert(
      fc.property(
        rulesArb.chain((r) => fc.tuple(fc.constant(r), codeArb(r), codeArb(r), fc.string())),
        ([rules, guess, secret, seed]) => {
          const labels = randomRelabelling(rules, createRng(seed));
          expect(scoreGuess(relabel(labels, secret), relabel(labels, guess))).toEqual(scoreGuess(secret, guess));
          expect(unlabel(labels, relabel(labels, guess))).toEqual(guess);
          expect(relabel(labels, guess).map((p) => p === null)).toEqual(labels.holes.map((h) => guess[h] === null));
        },
      ),
    );
  });

  it('plays exactly as well: a relabelled strong bot breaks the 1296 codes of 4×6 in the optimal plan’s 5626 guesses', () => {
    for (const seed of ['a', 'b', 'c']) {
      const labels = randomRelabelling(MM46, createRng(seed));
      expect(labels).not.toEqual(sameLabels(MM46));
      expect(totalGuesses(MM46, 'strong', labels, seed)).toBe(5626);
    }
  });

  it('plays exactly as well at the weaker strengths: over the 1296 codes of 4×6, as many guesses relabelled as not', () => {
    for (const strength of ['easy', 'medium'] as const) {
      const labels = randomRelabelling(MM46, createRng(`labels/${strength}`));
      expect(totalGuesses(MM46, strength, labels, strength)).toBe(totalGuesses(MM46, strength, sameLabels(MM46), strength));
    }
  });

  it('opens with another code of the same colour pattern for each relabelling', () => {
    const space = createSpace(MM46);
    const pattern = (code: Code): number[] =>
      [...new Set(code)].map((c) => code.filter((p) => p === c).length).sort((a, b) => b - a);
    const canonical = relabelledGuess(space, [], 'medium', createRng('x'), sameLabels(MM46));
    const openings = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const guess = relabelledGuess(space, [], 'medium', createRng('x'), randomRelabelling(MM46, createRng(`${i}`)));
      expect(pattern(guess)).toEqual(pattern(canonical));
      openings.add(guess.join(''));
    }
    expect(openings.size).toBeGreaterThan(10);
  });
});
