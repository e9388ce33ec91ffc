import { checkCode, type Code, type CodeRules, type Peg } from '@mm/rules/pure';

/**
 * The state of a code being composed: each hole holds a colour, a blank (`null`, only
 * when blanks are allowed) or nothing yet (`undefined`). `cursor` is the hole the next
 * palette tap fills. Pure functions: each returns a new state.
 */
export interface Draft {
  holes: (Peg | undefined)[];
  cursor: number;
}

export function emptyDraft(pegs: number): Draft {
  return { holes: Array.from({ length: pegs }, () => undefined), cursor: 0 };
}

export function draftFrom(code: Code): Draft {
  return { holes: [...code], cursor: code.length };
}

const nextEmpty = (holes: readonly (Peg | undefined)[], from: number): number => {
  for (let k = 0; k < holes.length; k++) {
    const i = (from + k) % holes.length;
    if (holes[i] === undefined) return i;
  }
  return holes.length; // full
};

/** Puts `peg` into the cursor hole (or the first empty one), then moves to the next empty hole. */
export function place(d: Draft, peg: Peg): Draft {
  const target = d.cursor < d.holes.length && d.holes[d.cursor] === undefined ? d.cursor : nextEmpty(d.holes, 0);
  if (target >= d.holes.length) return d; // every hole is filled: clear one first
  const holes = d.holes.slice();
  holes[target] = peg;
  return { holes, cursor: nextEmpty(holes, target + 1) };
}

/** Tapping a hole: a filled hole is cleared; either way the next palette tap fills it. */
export function tapHole(d: Draft, i: number): Draft {
  if (i < 0 || i >= d.holes.length) return d;
  const holes = d.holes.slice();
  holes[i] = undefined;
  return { holes, cursor: i };
}

export const isComplete = (d: Draft): boolean => d.holes.every((h) => h !== undefined);

export const isEmpty = (d: Draft): boolean => d.holes.every((h) => h === undefined);

/** The code, once every hole is decided. */
export function toCode(d: Draft): Code | null {
  return isComplete(d) ? (d.holes as Code) : null;
}

/** Colours already placed (for greying them out when repeats are off); blanks may always be placed again. */
export function used(d: Draft): Set<Peg> {
  return new Set(d.holes.filter((h): h is number => h !== undefined && h !== null));
}

export type DraftProblem = 'incomplete' | 'repeat' | 'blank' | 'invalid';

/**
 * Why the draft cannot be sent, judged by the rules' own checkCode (the server judges
 * again): `null` when it can. The reason is narrowed so the UI can say it plainly.
 */
export function draftProblem(d: Draft, rules: CodeRules): DraftProblem | null {
  const code = toCode(d);
  if (!code) return 'incomplete';
  const err = checkCode(code, rules);
  if (!err) return null;
  if (!rules.blanks && code.includes(null)) return 'blank';
  const colours = code.filter((p) => p !== null);
  if (!rules.repeats && new Set(colours).size < colours.length) return 'repeat';
  return 'invalid';
}
