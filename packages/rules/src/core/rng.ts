import type { Code, CodeRules } from './code';

/**
 * A deterministic random source: the rules never read a clock or Math.random, so
 * the same seed always deals the same cards. sfc32 seeded by a string hash.
 */
export interface Rng {
  /** a float in [0, 1) */
  next(): number;
  /** an integer in [0, n) */
  int(n: number): number;
}

function hashSeed(seed: string): [number, number, number, number] {
  // cyrb128: four independent 32-bit hashes of the seed
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

export function createRng(seed: string): Rng {
  let [a, b, c, d] = hashSeed(seed);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return { next, int: (n) => Math.floor(next() * n) };
}

/** Fisher–Yates on a copy. */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A uniformly random code that obeys `rules`. */
export function randomCode(rng: Rng, rules: CodeRules): Code {
  const values = [...Array.from({ length: rules.colours }, (_, i): number | null => i), ...(rules.blanks ? [null] : [])];
  if (rules.repeats) return Array.from({ length: rules.pegs }, () => values[rng.int(values.length)] ?? null);
  if (!rules.blanks) return shuffle(rng, values).slice(0, rules.pegs);
  // Without repeats but with blanks, any number of holes may be blank: draw hole by hole among
  // the colours not used yet and the blank, rejecting until the code is uniform over allCodes
  // (accept/reject on whole codes keeps every legal code equally likely).
  for (;;) {
    const code: Code = [];
    for (let i = 0; i < rules.pegs; i++) code.push(values[rng.int(values.length)] ?? null);
    const colours = code.filter((p) => p !== null);
    if (new Set(colours).size === colours.length) return code;
  }
}

/**
 * A seed that names its code, `house:<colour digits>:<anything>`, for a house that must play a
 * code it chose, such as the Code of the day (docs/rules.md §6.2): a family that draws its code
 * from the seed may take the named one instead (the race does, when it fits the options). The
 * seed stays committed to and is published after the match like any other, so the replay's
 * check still holds. Colours 0–9, no blanks.
 */
export const houseSeed = (code: readonly number[], nonce: string): string => `house:${code.join('')}:${nonce}`;

/** The code a house seed names, or null for any other seed. */
export function namedCode(seed: string): Code | null {
  const digits = /^house:([0-9]+):/.exec(seed)?.[1];
  return digits === undefined ? null : [...digits].map(Number);
}
