import type { Code, Score } from '@mm/rules';
import { encode, guessTables, scoreWith, toScoreIndex, type Space } from './space';

/** One scored guess, as the rules record it. */
export interface Row {
  guess: Code;
  score: Score;
}

/** Partition of `cands` by their score against `guess`: `counts[score]` is filled (and zeroed first). */
export function partitionCounts(space: Space, guess: number, cands: Int32Array, counts: Int32Array): void {
  counts.fill(0);
  const n = cands.length;
  if (space.table) {
    const row = space.table.subarray(guess * space.size, guess * space.size + space.size);
    for (let i = 0; i < n; i++) counts[row[cands[i]!]!]!++;
    return;
  }
  const { hi, lo, common, distinct } = guessTables(space, guess, n > space.msTotal);
  const { loSize, msId, msCounts, values } = space;
  if (common) {
    for (let i = 0; i < n; i++) {
      const c = cands[i]!;
      const h = (c / loSize) | 0;
      counts[hi[h]! + lo[c - h * loSize]! + common[msId[c]!]!]!++;
    }
    return;
  }
  const dn = distinct.length;
  for (let i = 0; i < n; i++) {
    const c = cands[i]!;
    const h = (c / loSize) | 0;
    const base = msId[c]! * values;
    let k = 0;
    for (let j = 0; j < dn; j += 2) {
      const a = distinct[j + 1]!;
      const b = msCounts[base + distinct[j]!]!;
      k += a < b ? a : b;
    }
    counts[hi[h]! + lo[c - h * loSize]! + k]!++;
  }
}

/** The candidates (code indices) that would have given `score` to `guess`. */
export function filterIndex(space: Space, cands: Int32Array, guess: number, score: number): Int32Array {
  const out = new Int32Array(cands.length);
  let k = 0;
  const n = cands.length;
  if (space.table) {
    const row = space.table.subarray(guess * space.size, guess * space.size + space.size);
    for (let i = 0; i < n; i++) if (row[cands[i]!] === score) out[k++] = cands[i]!;
    return out.slice(0, k);
  }
  const t = guessTables(space, guess, n > space.msTotal);
  const { hi, lo, common } = t;
  const { loSize, hiSize, msId } = space;
  if (common && n === space.size) {
    // every code is a candidate (the first row with repeats on): walk the halves, and skip
    // a whole block of codes when its first half already has too many blacks
    for (let h = 0; h < hiSize; h++) {
      const bh = hi[h]!;
      if (bh > score) continue;
      const base = h * loSize;
      for (let l = 0; l < loSize; l++) {
        const c = base + l;
        if (bh + lo[l]! + common[msId[c]!]! === score) out[k++] = c;
      }
    }
    return out.slice(0, k);
  }
  if (common) {
    for (let i = 0; i < n; i++) {
      const c = cands[i]!;
      const h = (c / loSize) | 0;
      if (hi[h]! + lo[c - h * loSize]! + common[msId[c]!]! === score) out[k++] = c;
    }
    return out.slice(0, k);
  }
  for (let i = 0; i < n; i++) if (scoreWith(space, t, cands[i]!) === score) out[k++] = cands[i]!;
  return out.slice(0, k);
}

/** `filterIndex` in the rules' own terms. */
export function filterCandidates(space: Space, cands: Int32Array, guess: Code, score: Score): Int32Array {
  return filterIndex(space, cands, encode(space, guess), toScoreIndex(space, score));
}

// Bots and analysis call with the whole history each time; keeping the last few
// filtered sets means each call filters only by the newest row. The results are the
// same with or without the cache, so purity is kept.
const CACHE_INTS = 4_000_000;
const cache = new Map<string, Int32Array>();
let cachedInts = 0;

function remember(key: string, value: Int32Array): void {
  if (value.length > CACHE_INTS / 4) return;
  cache.set(key, value);
  cachedInts += value.length;
  for (const [k, v] of cache) {
    if (cachedInts <= CACHE_INTS) break;
    cache.delete(k);
    cachedInts -= v.length;
  }
}

const rowKey = (space: Space, row: Row): string => `${encode(space, row.guess)}:${toScoreIndex(space, row.score)}`;

/**
 * The secrets consistent with every row of `history`. The returned array may be shared
 * with later calls: treat it as read-only.
 */
export function candidatesFor(space: Space, history: readonly Row[]): Int32Array {
  const r = space.rules;
  const keys: string[] = [`${r.pegs}x${r.colours}${r.repeats ? 'r' : ''}${r.blanks ? 'b' : ''}`];
  for (const row of history) keys.push(`${keys[keys.length - 1]}|${rowKey(space, row)}`);
  let start = 0;
  let cands = space.secrets;
  for (let i = history.length; i > 0; i--) {
    const hit = cache.get(keys[i]!);
    if (hit) {
      cache.delete(keys[i]!);
      cache.set(keys[i]!, hit); // most recently used last
      start = i;
      cands = hit;
      break;
    }
  }
  for (let i = start; i < history.length; i++) {
    const row = history[i]!;
    cands = filterIndex(space, cands, encode(space, row.guess), toScoreIndex(space, row.score));
    remember(keys[i + 1]!, cands);
  }
  return cands;
}

/** How many secrets are still possible after `history`. */
export function countConsistent(space: Space, history: readonly Row[]): number {
  return candidatesFor(space, history).length;
}

/**
 * Scores one fixed set of candidates against many guesses, for spaces without a score
 * table. The candidates' halves and colour counts are laid out once, column by column,
 * so that each guess costs a few straight passes over small typed arrays.
 */
export class SampleScorer {
  private readonly hIdx: Int32Array;
  private readonly lIdx: Int32Array;
  /** per value: how many times it stands in each candidate */
  private readonly columns: Uint8Array[];
  private readonly acc: Uint8Array;

  constructor(
    private readonly space: Space,
    readonly cands: Int32Array,
  ) {
    const n = cands.length;
    const { loSize, values, msId, msCounts } = space;
    this.hIdx = new Int32Array(n);
    this.lIdx = new Int32Array(n);
    this.columns = Array.from({ length: values }, () => new Uint8Array(n));
    for (let i = 0; i < n; i++) {
      const c = cands[i]!;
      const h = Math.floor(c / loSize);
      this.hIdx[i] = h;
      this.lIdx[i] = c - h * loSize;
      const base = msId[c]! * values;
      for (let v = 0; v < values; v++) this.columns[v]![i] = msCounts[base + v]!;
    }
    this.acc = new Uint8Array(n);
  }

  partition(guess: number, counts: Int32Array): void {
    counts.fill(0);
    const { hi, lo, distinct } = guessTables(this.space, guess, false);
    const { hIdx, lIdx, acc } = this;
    const n = acc.length;
    for (let i = 0; i < n; i++) acc[i] = hi[hIdx[i]!]! + lo[lIdx[i]!]!;
    for (let j = 0; j < distinct.length; j += 2) {
      const col = this.columns[distinct[j]!]!;
      const k = distinct[j + 1]!;
      for (let i = 0; i < n; i++) {
        const a = col[i]!;
        acc[i] = acc[i]! + (a < k ? a : k);
      }
    }
    for (let i = 0; i < n; i++) counts[acc[i]!]!++;
  }
}
