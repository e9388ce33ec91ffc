import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCode, type CodeRules } from './code';
import { createRng, randomCode, shuffle } from './rng';

/** Rules for which a legal code exists (without repeats or blanks there must be enough colours). */
const feasibleRules = fc
  .record({
    pegs: fc.integer({ min: 1, max: 8 }),
    colours: fc.integer({ min: 1, max: 10 }),
    repeats: fc.boolean(),
    blanks: fc.boolean(),
  })
  .filter((r: CodeRules) => r.repeats || r.blanks || r.colours >= r.pegs);

describe('createRng', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: string) => {
      const rng = createRng(seed);
      return Array.from({ length: 8 }, () => rng.next());
    };
    expect(draw('room-42')).toEqual(draw('room-42'));
    expect(draw('room-42')).not.toEqual(draw('room-43'));
  });

  it('stays in range', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const rng = createRng(seed);
        for (let i = 0; i < 50; i++) {
          const x = rng.next();
          const k = rng.int(n);
          if (!(x >= 0 && x < 1 && Number.isInteger(k) && k >= 0 && k < n)) return false;
        }
        return true;
      }),
    );
  });
});

describe('shuffle', () => {
  it('returns a permutation and leaves its input alone', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer()), (seed, items) => {
        const before = [...items];
        const out = shuffle(createRng(seed), items);
        expect(items).toEqual(before);
        expect([...out].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });
});

describe('randomCode', () => {
  it('always obeys its rules', () => {
    fc.assert(
      fc.property(fc.string(), feasibleRules, (seed, rules) => {
        const rng = createRng(seed);
        for (let i = 0; i < 5; i++) expect(checkCode(randomCode(rng, rules), rules)).toBeNull();
      }),
    );
  });

  it('is deterministic for a seed', () => {
    fc.assert(
      fc.property(fc.string(), feasibleRules, (seed, rules) => {
        expect(randomCode(createRng(seed), rules)).toEqual(randomCode(createRng(seed), rules));
      }),
    );
  });

  it('reaches every colour and, when allowed, blanks and repeats', () => {
    const rules: CodeRules = { pegs: 4, colours: 6, repeats: true, blanks: true };
    const rng = createRng('coverage');
    const codes = Array.from({ length: 500 }, () => randomCode(rng, rules));
    const values = new Set(codes.flat());
    expect(values).toEqual(new Set([0, 1, 2, 3, 4, 5, null]));
    expect(codes.some((c) => new Set(c).size < c.length)).toBe(true);
  });

  it('draws every code of a blanks-without-repeats game, several blanks included, about equally often', () => {
    const rules: CodeRules = { pegs: 3, colours: 4, repeats: false, blanks: true };
    const rng = createRng('uniform');
    const counts = new Map<string, number>();
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      const code = randomCode(rng, rules);
      expect(checkCode(code, rules)).toBeNull();
      counts.set(JSON.stringify(code), (counts.get(JSON.stringify(code)) ?? 0) + 1);
    }
    // 4·3·2 + 3·4·3 + 3·4 + 1 = 73 codes; each expected ≈ 274 times
    expect(counts.size).toBe(73);
    expect(counts.get(JSON.stringify([null, null, null]))).toBeGreaterThan(150);
    for (const n of counts.values()) expect(n).toBeGreaterThan(150);
  });
});
