import { checkCode, guessRules, type Code, type CodeRules, type Score } from '@mm/rules';

/**
 * The code space of one set of options, integer-encoded so that the hot loops touch
 * typed arrays only. A code is its index in `allCodes` order with repeats: the first
 * hole is the most significant digit, colour `c` is digit `c` and a blank is digit
 * `colours`. Guesses range over every index (docs/rules.md §1 play 3: a guess may repeat
 * colours even when the secret may not); secrets over `secrets` only.
 *
 * A score is the integer `black * pegs + common` where `common = black + white`; it is
 * one-to-one on possible scores (common ≥ black), and the win is `pegs * (pegs + 1)`.
 */
export interface Space {
  readonly rules: Readonly<CodeRules>;
  readonly pegs: number;
  /** values a hole can take: the colours, plus one for the blank */
  readonly values: number;
  /** number of guess codes: values ** pegs */
  readonly size: number;
  /** indices of the codes a secret may be, ascending */
  readonly secrets: Int32Array;
  /** 1 where the index is a legal secret */
  readonly isSecret: Uint8Array;
  /** score integers run from 0 to scoreRange − 1 */
  readonly scoreRange: number;
  readonly winScore: number;
  /** score of every (guess, secret) pair, `table[g * size + s]`, when the space is small */
  readonly table: Uint8Array | null;
  /** @internal direct scoring: multiset id of each code, and the counts of each multiset */
  readonly msId: Uint16Array;
  /** @internal */
  readonly msCounts: Uint8Array;
  /** @internal */
  readonly msTotal: number;
  /** @internal codes split into a high and a low half for per-guess black tables */
  readonly loSize: number;
  /** @internal */
  readonly hiSize: number;
  /** @internal */
  readonly hiPegs: number;
}

/** Spaces up to this many codes get a full score table (2901² bytes ≈ 8.4 MB at most). */
export const TABLE_LIMIT = 2901;

const cache = new Map<string, Space>();
const SPACES_KEPT = 8;

const rulesKey = (r: CodeRules): string => `${r.pegs}x${r.colours}${r.repeats ? 'r' : ''}${r.blanks ? 'b' : ''}`;

/**
 * The space for `rules`, built once per set of options and then shared (the last few
 * are kept): building a million-code space takes a few hundred milliseconds, a move must not.
 */
export function createSpace(rules: CodeRules): Space {
  const key = rulesKey(rules);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  const space = build(rules);
  cache.set(key, space);
  // a big space holds about 12 MB and a table space up to 8 MB: keep the few in use
  if (cache.size > SPACES_KEPT) cache.delete(cache.keys().next().value!);
  return space;
}

function build(rules: CodeRules): Space {
  const { pegs, colours } = rules;
  if (!Number.isInteger(pegs) || pegs < 1 || pegs > 8) throw new RangeError(`pegs must be 1–8, not ${pegs}`);
  if (!Number.isInteger(colours) || colours < 1 || colours > 15) throw new RangeError(`colours must be 1–15, not ${colours}`);
  const values = colours + (rules.blanks ? 1 : 0);
  const size = values ** pegs;
  if (size > 20_000_000) throw new RangeError(`a space of ${size} codes is too large`);

  const isSecret = new Uint8Array(size);
  let secretCount = 0;
  const digits = new Uint8Array(pegs);
  const counts = new Uint8Array(values);
  const msId = new Uint16Array(size);
  const msIndex = new Map<number, number>();
  const msList: number[][] = [];
  for (let i = 0; i < size; i++) {
    let x = i;
    for (let p = pegs - 1; p >= 0; p--) {
      digits[p] = x % values;
      x = Math.floor(x / values);
    }
    counts.fill(0);
    let distinct = true;
    for (let p = 0; p < pegs; p++) {
      const d = digits[p] as number;
      // blanks (the last digit) may repeat even without repeats (docs/rules.md §1)
      if (counts[d] && !(rules.blanks && d === colours)) distinct = false;
      counts[d] = (counts[d] as number) + 1;
    }
    if (rules.repeats || distinct) {
      isSecret[i] = 1;
      secretCount++;
    }
    let k = 0;
    for (let v = 0; v < values; v++) k = k * (pegs + 1) + (counts[v] as number);
    let id = msIndex.get(k);
    if (id === undefined) {
      id = msList.length;
      msIndex.set(k, id);
      msList.push(Array.from(counts));
    }
    msId[i] = id;
  }
  if (msList.length > 65535) throw new RangeError('too many colour multisets');
  const msCounts = new Uint8Array(msList.length * values);
  msList.forEach((c, id) => msCounts.set(c, id * values));
  const secrets = new Int32Array(secretCount);
  for (let i = 0, j = 0; i < size; i++) if (isSecret[i]) secrets[j++] = i;

  const hiPegs = Math.floor(pegs / 2);
  const space: Space = {
    rules: { ...rules },
    pegs,
    values,
    size,
    secrets,
    isSecret,
    scoreRange: pegs * (pegs + 1) + 1,
    winScore: pegs * (pegs + 1),
    table: null,
    msId,
    msCounts,
    msTotal: msList.length,
    hiPegs,
    hiSize: values ** hiPegs,
    loSize: values ** (pegs - hiPegs),
  };
  if (size <= TABLE_LIMIT) {
    const table = new Uint8Array(size * size);
    for (let g = 0; g < size; g++) {
      const t = guessTables(space, g);
      for (let s = 0; s < size; s++) table[g * size + s] = scoreWith(space, t, s);
    }
    return { ...space, table };
  }
  return space;
}

/**
 * Per-guess lookup tables for direct scoring: blacks (times pegs) by half of the code,
 * and the common count by colour multiset. The multiset table costs a pass over every
 * multiset (5005 for 6 holes × 10 colours), so it is built only when `withCommon` and
 * the caller will score more codes than that; otherwise `distinct` serves.
 */
export interface GuessTables {
  hi: Uint8Array;
  lo: Uint8Array;
  common: Uint8Array | null;
  /** the guess's distinct values and their counts, interleaved: v0, n0, v1, n1, … */
  distinct: Uint8Array;
}

export function guessTables(space: Space, guess: number, withCommon = true): GuessTables {
  const { pegs, values, hiSize, loSize, hiPegs, msTotal, msCounts } = space;
  const loPegs = pegs - hiPegs;
  const gHi = Math.floor(guess / loSize);
  const gLo = guess % loSize;
  // For each hole of the half, every code with the guess's colour there gains a black:
  // those codes form blocks of `stride` consecutive indices, one block every values·stride.
  const halfBlacks = (own: number, n: number, size: number): Uint8Array => {
    const out = new Uint8Array(size);
    let o = own;
    let stride = 1;
    for (let p = 0; p < n; p++) {
      const d = o % values;
      o = (o - d) / values;
      for (let block = d * stride; block < size; block += values * stride) {
        for (let j = block; j < block + stride; j++) out[j] = out[j]! + pegs;
      }
      stride *= values;
    }
    return out;
  };
  const base = space.msId[guess]! * values;
  const gc = msCounts.subarray(base, base + values);
  const pairs: number[] = [];
  for (let v = 0; v < values; v++) if (gc[v]) pairs.push(v, gc[v]!);
  let common: Uint8Array | null = null;
  if (withCommon) {
    common = new Uint8Array(msTotal);
    for (let m = 0; m < msTotal; m++) {
      let c = 0;
      for (let j = 0; j < pairs.length; j += 2) c += Math.min(pairs[j + 1]!, msCounts[m * values + pairs[j]!]!);
      common[m] = c;
    }
  }
  return { hi: halfBlacks(gHi, hiPegs, hiSize), lo: halfBlacks(gLo, loPegs, loSize), common, distinct: Uint8Array.from(pairs) };
}

/** Score of `secret` against the guess the tables were built for. */
export function scoreWith(space: Space, t: GuessTables, secret: number): number {
  const hi = Math.floor(secret / space.loSize);
  const m = space.msId[secret]!;
  let common: number;
  if (t.common) common = t.common[m]!;
  else {
    common = 0;
    const base = m * space.values;
    const d = t.distinct;
    for (let j = 0; j < d.length; j += 2) common += Math.min(d[j + 1]!, space.msCounts[base + d[j]!]!);
  }
  return t.hi[hi]! + t.lo[secret - hi * space.loSize]! + common;
}

/** Score of two code indices (symmetric). Slow path for one-off use; loops use the table or GuessTables. */
export function scoreIndex(space: Space, guess: number, secret: number): number {
  if (space.table) return space.table[guess * space.size + secret]!;
  return scoreWith(space, guessTables(space, guess), secret);
}

export function encode(space: Space, code: Code): number {
  if (code.length !== space.pegs) throw new RangeError(`a code of this space has ${space.pegs} holes, not ${code.length}`);
  let i = 0;
  for (const peg of code) {
    let d: number;
    if (peg === null) {
      if (!space.rules.blanks) throw new RangeError('this space has no blanks');
      d = space.rules.colours;
    } else {
      if (!Number.isInteger(peg) || peg < 0 || peg >= space.rules.colours)
        throw new RangeError(`colour ${String(peg)} out of range`);
      d = peg;
    }
    i = i * space.values + d;
  }
  return i;
}

export function decode(space: Space, index: number): Code {
  const out: Code = new Array<number | null>(space.pegs);
  let x = index;
  for (let p = space.pegs - 1; p >= 0; p--) {
    const d = x % space.values;
    out[p] = d === space.rules.colours ? null : d;
    x = Math.floor(x / space.values);
  }
  return out;
}

export function toScoreIndex(space: Space, score: Score): number {
  return score.black * space.pegs + score.black + score.white;
}

export function fromScoreIndex(space: Space, s: number): Score {
  // black·(pegs+1) ≤ black·pegs + common ≤ (black+1)·pegs < (black+1)·(pegs+1)
  const black = Math.floor(s / (space.pegs + 1));
  const common = s - black * space.pegs;
  return { black, white: common - black };
}

/** True when `code` is a legal guess in this space (the rules' `guessRules`: repeats always allowed). */
export function isGuess(space: Space, code: Code): boolean {
  return checkCode(code, guessRules(space.rules)) === null;
}
