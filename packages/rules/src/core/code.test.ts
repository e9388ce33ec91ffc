import { describe, expect, it } from 'vitest';
import { allCodes, checkCode, guessRules, sameCode, type CodeRules } from './code';
import { codeSchema } from './code-schema';

const classic: CodeRules = { pegs: 4, colours: 6, repeats: false, blanks: false };

describe('checkCode', () => {
  it('accepts a code that obeys the rules', () => {
    expect(checkCode([0, 1, 2, 5], classic)).toBeNull();
    expect(checkCode([0, 0, 1, 1], { ...classic, repeats: true })).toBeNull();
    expect(checkCode([null, 1, 2, 3], { ...classic, blanks: true })).toBeNull();
  });

  it('refuses the wrong number of holes', () => {
    expect(checkCode([0, 1, 2], classic)?.code).toBe('INVALID_CODE');
    expect(checkCode([0, 1, 2, 3, 4], classic)?.code).toBe('INVALID_CODE');
  });

  it('refuses a colour out of range', () => {
    expect(checkCode([0, 1, 2, 6], classic)).toMatchObject({ code: 'INVALID_CODE', message: expect.stringContaining('0 to 5') });
    expect(checkCode([0, 1, 2, -1], classic)?.code).toBe('INVALID_CODE');
    expect(checkCode([0, 1, 2, 1.5], classic)?.code).toBe('INVALID_CODE');
  });

  it('refuses a repeat when repeats are off', () => {
    expect(checkCode([0, 1, 1, 2], classic)).toMatchObject({ code: 'INVALID_CODE', message: expect.stringMatching(/once/) });
  });

  it('refuses a blank when blanks are off', () => {
    expect(checkCode([0, 1, null, 2], classic)).toMatchObject({ code: 'INVALID_CODE', message: expect.stringMatching(/Blank/) });
  });

  it('allows any number of blanks, with or without repeats (GB advanced: "one or more blank spaces")', () => {
    expect(checkCode([null, 1, null, 2], { ...classic, blanks: true })).toBeNull();
    expect(checkCode([null, null, null, null], { ...classic, blanks: true })).toBeNull();
    expect(checkCode([null, 1, null, 2], { ...classic, blanks: true, repeats: true })).toBeNull();
  });

  it('still refuses a repeated colour beside blanks when repeats are off', () => {
    expect(checkCode([null, 1, null, 1], { ...classic, blanks: true })).toMatchObject({
      code: 'INVALID_CODE',
      message: expect.stringMatching(/once/),
    });
  });
});

describe('guessRules', () => {
  it('lets a guess repeat colours when the secret may not, and keeps holes, palette and blanks', () => {
    const secret: CodeRules = { pegs: 4, colours: 6, repeats: false, blanks: false };
    expect(checkCode([1, 1, 2, 2], secret)).not.toBeNull();
    expect(checkCode([1, 1, 2, 2], guessRules(secret))).toBeNull();
    expect(guessRules(secret)).toEqual({ pegs: 4, colours: 6, repeats: true, blanks: false });
    expect(checkCode([1, null, 2, 2], guessRules(secret))).not.toBeNull();
  });
});

describe('allCodes', () => {
  it('counts 6^4 codes with repeats and 6·5·4·3 without', () => {
    expect(allCodes({ ...classic, repeats: true })).toHaveLength(1296);
    expect(allCodes(classic)).toHaveLength(360);
  });

  it('counts blanks as a seventh value that may fill any number of holes', () => {
    expect(allCodes({ ...classic, repeats: true, blanks: true })).toHaveLength(7 ** 4);
    // k blank holes, the other 4 − k distinct colours: Σ C(4,k)·6!/(2+k)!
    expect(allCodes({ ...classic, blanks: true })).toHaveLength(360 + 4 * 120 + 6 * 30 + 4 * 6 + 1);
  });

  it('lists distinct codes that all obey the rules', () => {
    for (const rules of [
      classic,
      { ...classic, repeats: true, blanks: true },
      { pegs: 3, colours: 4, repeats: false, blanks: true },
    ]) {
      const codes = allCodes(rules);
      expect(codes.every((c) => checkCode(c, rules) === null)).toBe(true);
      expect(new Set(codes.map((c) => JSON.stringify(c))).size).toBe(codes.length);
    }
  });
});

describe('sameCode', () => {
  it('compares hole by hole', () => {
    expect(sameCode([0, null, 2], [0, null, 2])).toBe(true);
    expect(sameCode([0, null, 2], [0, 2, null])).toBe(false);
    expect(sameCode([0, 1], [0, 1, 2])).toBe(false);
  });
});

describe('codeSchema', () => {
  it('bounds the shape before the rules look at it', () => {
    expect(codeSchema.safeParse([0, null, 15]).success).toBe(true);
    expect(codeSchema.safeParse([]).success).toBe(false);
    expect(codeSchema.safeParse([16]).success).toBe(false);
    expect(codeSchema.safeParse(Array(9).fill(0)).success).toBe(false);
    expect(codeSchema.safeParse(['red']).success).toBe(false);
  });
});
