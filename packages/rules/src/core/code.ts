import type { RuleError } from './errors';

/** A colour index `0 … colours-1`, or `null` for a blank (empty hole). */
export type Peg = number | null;
export type Code = Peg[];

/** What a code must obey: the public options of a round. */
export interface CodeRules {
  pegs: number;
  colours: number;
  /** may a colour appear more than once */
  repeats: boolean;
  /** may a hole be left blank */
  blanks: boolean;
}

/** Returns null when `code` obeys `rules`, otherwise the reason. */
export function checkCode(code: Code, rules: CodeRules): RuleError | null {
  const bad = (message: string): RuleError => ({ code: 'INVALID_CODE', message });
  if (code.length !== rules.pegs) return bad(`A code has ${rules.pegs} holes, this one has ${code.length}.`);
  const seen = new Set<Peg>();
  for (const peg of code) {
    if (peg === null) {
      if (!rules.blanks) return bad('Blank holes are not allowed in this game.');
    } else if (!Number.isInteger(peg) || peg < 0 || peg >= rules.colours) {
      return bad(`Colours go from 0 to ${rules.colours - 1}; ${String(peg)} is not one of them.`);
    }
    // A blank is an empty hole, not a colour to spend: GB's advanced game allows "one or more
    // blank spaces" whether or not colours repeat (docs/rules.md §1, updated decision).
    if (!rules.repeats && peg !== null && seen.has(peg)) return bad('Each colour may appear only once in this game.');
    seen.add(peg);
  }
  return null;
}

/** Every code that obeys `rules`, in lexicographic order (colour order, blank last). */
/**
 * What a guess must obey, given what the secret obeys: the same holes, palette and blanks, but a
 * guess may always repeat colours, even when the secret may not (docs/rules.md §1 play 3, Decision:
 * a legal probing move). Every family that guesses at a secret, the solver and the client use this.
 */
export const guessRules = (secretRules: CodeRules): CodeRules => ({ ...secretRules, repeats: true });

export function allCodes(rules: CodeRules): Code[] {
  const values: Peg[] = [...Array.from({ length: rules.colours }, (_, i) => i), ...(rules.blanks ? [null] : [])];
  const out: Code[] = [];
  const walk = (prefix: Code): void => {
    if (prefix.length === rules.pegs) {
      out.push(prefix);
      return;
    }
    for (const v of values) {
      if (!rules.repeats && v !== null && prefix.includes(v)) continue;
      walk([...prefix, v]);
    }
  };
  walk([]);
  return out;
}

export const sameCode = (a: Code, b: Code): boolean => a.length === b.length && a.every((p, i) => p === b[i]);
