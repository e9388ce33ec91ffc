import type { Code, Peg } from './code';

export interface Score {
  /** right colour in the right hole */
  black: number;
  /** right colour in the wrong hole */
  white: number;
}

/**
 * docs/rules.md §0: black counts holes that match (blank matches blank); white is the
 * multiset overlap of values (each colour and blank) minus black. Symmetric in its
 * two arguments.
 */
export function scoreGuess(secret: Code, guess: Code): Score {
  let black = 0;
  const inSecret = new Map<Peg, number>();
  const inGuess = new Map<Peg, number>();
  const n = Math.min(secret.length, guess.length);
  for (let i = 0; i < n; i++) {
    const s = secret[i] as Peg;
    const g = guess[i] as Peg;
    if (s === g) black++;
    inSecret.set(s, (inSecret.get(s) ?? 0) + 1);
    inGuess.set(g, (inGuess.get(g) ?? 0) + 1);
  }
  let common = 0;
  for (const [v, c] of inSecret) common += Math.min(c, inGuess.get(v) ?? 0);
  return { black, white: common - black };
}

/**
 * Hard mode's check: the first of `rows` (0-based) whose score `guess` contradicts — had `guess`
 * been the code, that row would have scored otherwise — or null when `guess` could still be the
 * code. Scoring is symmetric, so this scores each row's guess against `guess`.
 */
export function inconsistentRow(guess: Code, rows: readonly { guess: Code; score: Score }[]): number | null {
  const at = rows.findIndex((row) => {
    const s = scoreGuess(guess, row.guess);
    return s.black !== row.score.black || s.white !== row.score.white;
  });
  return at < 0 ? null : at;
}

/**
 * A score a codemaker could honestly give with `pegs` holes: black + white ≤ pegs,
 * and never pegs−1 blacks with one white (the last peg cannot be misplaced alone).
 */
export function isPossibleScore(score: Score, pegs: number): boolean {
  const { black, white } = score;
  if (!Number.isInteger(black) || !Number.isInteger(white) || black < 0 || white < 0) return false;
  if (black + white > pegs) return false;
  return !(black === pegs - 1 && white === 1);
}
