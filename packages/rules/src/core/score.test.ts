import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allCodes, type Code, type Peg } from './code';
import { inconsistentRow, isPossibleScore, scoreGuess, type Score } from './score';

/** The way the rulebooks describe it: pair off exact matches, then pair off leftovers one by one. */
function referenceScore(secret: Code, guess: Code): Score {
  const secretUsed = secret.map(() => false);
  const guessUsed = guess.map(() => false);
  let black = 0;
  let white = 0;
  for (let i = 0; i < guess.length; i++) {
    if (guess[i] === secret[i]) {
      black++;
      secretUsed[i] = true;
      guessUsed[i] = true;
    }
  }
  for (let i = 0; i < guess.length; i++) {
    if (guessUsed[i]) continue;
    for (let j = 0; j < secret.length; j++) {
      if (!secretUsed[j] && secret[j] === guess[i]) {
        secretUsed[j] = true;
        white++;
        break;
      }
    }
  }
  return { black, white };
}

const peg = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant<Peg>(null));
const codePair = fc
  .integer({ min: 1, max: 8 })
  .chain((n) => fc.tuple(fc.array(peg, { minLength: n, maxLength: n }), fc.array(peg, { minLength: n, maxLength: n })));
// Few colours make duplicates (the tricky case) common.
const crowdedPair = fc
  .integer({ min: 1, max: 6 })
  .chain((n) =>
    fc.tuple(
      fc.array(fc.integer({ min: 0, max: 2 }), { minLength: n, maxLength: n }),
      fc.array(fc.integer({ min: 0, max: 2 }), { minLength: n, maxLength: n }),
    ),
  );

describe('scoreGuess', () => {
  it('counts right place as black and right colour elsewhere as white', () => {
    expect(scoreGuess([0, 1, 2, 3], [0, 1, 2, 3])).toEqual({ black: 4, white: 0 });
    expect(scoreGuess([0, 1, 2, 3], [3, 2, 1, 0])).toEqual({ black: 0, white: 4 });
    expect(scoreGuess([0, 1, 2, 3], [4, 5, 4, 5])).toEqual({ black: 0, white: 0 });
    expect(scoreGuess([0, 1, 2, 3], [0, 2, 5, 5])).toEqual({ black: 1, white: 1 });
  });

  it('never counts one secret peg twice when the guess repeats a colour', () => {
    expect(scoreGuess([0, 1, 2, 3], [0, 0, 0, 0])).toEqual({ black: 1, white: 0 });
    expect(scoreGuess([0, 0, 1, 1], [0, 0, 0, 0])).toEqual({ black: 2, white: 0 });
    expect(scoreGuess([0, 1, 2, 3], [1, 1, 0, 0])).toEqual({ black: 1, white: 1 });
    expect(scoreGuess([1, 1, 2, 2], [2, 2, 1, 1])).toEqual({ black: 0, white: 4 });
  });

  it('reproduces the rotation worked example: one black and two whites', () => {
    const [pink, red, blue, yellow, green] = [0, 1, 2, 3, 4];
    expect(scoreGuess([pink, red, blue, yellow], [pink, blue, yellow, green])).toEqual({ black: 1, white: 2 });
  });

  it('scores blanks as a seventh colour', () => {
    expect(scoreGuess([null, 1, null, 2], [null, null, 1, 3])).toEqual({ black: 1, white: 2 });
    expect(scoreGuess([null, 1, 2, 3], [1, null, 2, 3])).toEqual({ black: 2, white: 2 });
    expect(scoreGuess([0, 1, 2, 3], [null, null, null, null])).toEqual({ black: 0, white: 0 });
  });

  it('keeps black + white between 0 and the number of holes', () => {
    fc.assert(
      fc.property(codePair, ([s, g]) => {
        const { black, white } = scoreGuess(s, g);
        return black >= 0 && white >= 0 && black + white <= s.length;
      }),
    );
  });

  it('is symmetric in secret and guess', () => {
    fc.assert(
      fc.property(codePair, ([s, g]) => {
        expect(scoreGuess(s, g)).toEqual(scoreGuess(g, s));
      }),
    );
    fc.assert(
      fc.property(crowdedPair, ([s, g]) => {
        expect(scoreGuess(s, g)).toEqual(scoreGuess(g, s));
      }),
    );
  });

  it('scores a code against itself as all black', () => {
    fc.assert(
      fc.property(fc.array(peg, { minLength: 1, maxLength: 8 }), (c) => {
        expect(scoreGuess(c, [...c])).toEqual({ black: c.length, white: 0 });
      }),
    );
  });

  it('agrees with a peg-by-peg reference implementation', () => {
    fc.assert(
      fc.property(codePair, ([s, g]) => {
        expect(scoreGuess(s, g)).toEqual(referenceScore(s, g));
      }),
    );
    fc.assert(
      fc.property(crowdedPair, ([s, g]) => {
        expect(scoreGuess(s, g)).toEqual(referenceScore(s, g));
      }),
    );
  });
});

describe('isPossibleScore', () => {
  it('refuses more key pegs than holes and the lone misplaced last peg', () => {
    expect(isPossibleScore({ black: 2, white: 3 }, 4)).toBe(false);
    expect(isPossibleScore({ black: 3, white: 1 }, 4)).toBe(false);
    expect(isPossibleScore({ black: 4, white: 1 }, 4)).toBe(false);
    expect(isPossibleScore({ black: -1, white: 0 }, 4)).toBe(false);
    expect(isPossibleScore({ black: 1.5, white: 0 }, 4)).toBe(false);
  });

  it('accepts the ordinary scores', () => {
    expect(isPossibleScore({ black: 4, white: 0 }, 4)).toBe(true);
    expect(isPossibleScore({ black: 0, white: 0 }, 4)).toBe(true);
    expect(isPossibleScore({ black: 0, white: 4 }, 4)).toBe(true);
    expect(isPossibleScore({ black: 2, white: 2 }, 4)).toBe(true);
    expect(isPossibleScore({ black: 3, white: 0 }, 4)).toBe(true);
  });

  it('accepts every score a real guess can get', () => {
    fc.assert(fc.property(codePair, ([s, g]) => isPossibleScore(scoreGuess(s, g), s.length)));
  });

  it.each([3, 4, 5])('accepts exactly the scores that occur, with %i holes', (pegs) => {
    const secret = Array.from({ length: pegs }, (_, i) => i);
    const seen = new Set(
      allCodes({ pegs, colours: pegs + 1, repeats: true, blanks: false }).map((g) => {
        const { black, white } = scoreGuess(secret, g);
        return `${black}/${white}`;
      }),
    );
    const possible = new Set<string>();
    for (let black = 0; black <= pegs + 1; black++) {
      for (let white = 0; white <= pegs + 1; white++)
        if (isPossibleScore({ black, white }, pegs)) possible.add(`${black}/${white}`);
    }
    expect([...seen].sort()).toEqual([...possible].sort());
  });
});

describe('inconsistentRow', () => {
  const rules = { pegs: 4, colours: 6, repeats: true, blanks: false };
  const codes = allCodes(rules);

  it('never finds fault with the code itself, whatever was guessed against it', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(codes.length - 1), { maxLength: 8 }), fc.nat(codes.length - 1), (guessed, at) => {
        const code = codes[at] as Code;
        const scored = guessed.map((i) => ({ guess: codes[i] as Code, score: scoreGuess(code, codes[i] as Code) }));
        expect(inconsistentRow(code, scored)).toBeNull();
      }),
    );
  });

  it('names the first row the guess contradicts', () => {
    const code: Code = [0, 1, 2, 3];
    const rows = [
      [0, 0, 1, 1],
      [4, 4, 5, 5],
      [3, 2, 1, 0],
    ].map((g) => ({ guess: g, score: scoreGuess(code, g) }));
    expect(inconsistentRow([0, 1, 2, 3], rows)).toBeNull();
    expect(inconsistentRow([4, 4, 4, 4], rows)).toBe(0);
    // fits the first row (1 black, 1 white) but holds a 4, which the second row's 0/0 excludes
    expect(inconsistentRow([0, 1, 4, 5], rows)).toBe(1);
  });
});
