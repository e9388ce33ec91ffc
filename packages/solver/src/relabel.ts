import { shuffle, type BotStrength, type Code, type CodeRules, type Rng } from '@mm/rules';
import type { Row } from './candidates';
import type { Space } from './space';
import { guessAt } from './strength';

/**
 * A renaming of the colours and a reordering of the holes. The game does not care which colour
 * is called what or which hole comes first: scoring a relabelled guess against the relabelled
 * secret gives the same score, and repeats and blanks stay as they are (a blank is no colour
 * and is never renamed). So every position is as good as its relabelled image, and a strategy
 * played on a relabelled board, its guess mapped back, plays exactly as well: secret for secret
 * it takes the number of guesses it takes on the secret's image, which over all secrets is the
 * same total. With another relabelling it plays other codes — another of the equally good ones.
 */
export interface Relabelling {
  /** colour c is named `colours[c]` */
  colours: readonly number[];
  /** hole i of the relabelled code is hole `holes[i]` of the real one */
  holes: readonly number[];
}

const upTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** Leaves every code as it is. */
export const sameLabels = (rules: CodeRules): Relabelling => ({ colours: upTo(rules.colours), holes: upTo(rules.pegs) });

/** A uniformly random relabelling of `rules`' codes. */
export function randomRelabelling(rules: CodeRules, rng: Rng): Relabelling {
  return { colours: shuffle(rng, upTo(rules.colours)), holes: shuffle(rng, upTo(rules.pegs)) };
}

/** `code` as the relabelled board names it. */
export function relabel(r: Relabelling, code: Code): Code {
  return r.holes.map((hole) => {
    const peg = code[hole];
    return peg === null || peg === undefined ? null : r.colours[peg]!;
  });
}

/** The real code a relabelled one stands for (`relabel`'s inverse). */
export function unlabel(r: Relabelling, code: Code): Code {
  const out: Code = new Array<number | null>(r.holes.length).fill(null);
  r.holes.forEach((hole, i) => {
    const peg = code[i];
    out[hole] = peg === null || peg === undefined ? null : r.colours.indexOf(peg);
  });
  return out;
}

/**
 * `guessAt` played on the board relabelled by `r`: the same strength and the same number of
 * guesses over all secrets, but the guess is another of the equally good ones for each `r`
 * (the first guess included: any relabelling of the best opening pattern).
 */
export function relabelledGuess(space: Space, rows: readonly Row[], strength: BotStrength, rng: Rng, r: Relabelling): Code {
  const seen = rows.map((row) => ({ guess: relabel(r, row.guess), score: row.score }));
  return unlabel(r, guessAt(space, seen, strength, rng));
}
