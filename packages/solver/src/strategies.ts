import { createRng, type Code, type CodeRules, type Rng } from '@mm/rules';
import { candidatesFor, partitionCounts, SampleScorer, type Row } from './candidates';
import { solveExact } from './exact';
import { shippedPlan } from './plan';
import { createSpace, decode, encode, TABLE_LIMIT, toScoreIndex, type Space } from './space';
import { fullSymmetry, stabilise, type Symmetry } from './symmetry';

export const STRATEGIES = ['optimal', 'knuth', 'most-parts', 'entropy', 'expected-size', 'consistent-random'] as const;
export type StrategyName = (typeof STRATEGIES)[number];

/** The strategies that choose the guess splitting the candidates best by some measure. */
export type PartitionMetric = 'knuth' | 'most-parts' | 'entropy' | 'expected-size';

export interface GuessOptions {
  /**
   * Most (guess, candidate) scorings one move may spend; beyond it the partition
   * strategies score a random sample of candidates against a sample of guesses.
   * The defaults keep a move under about 30 ms on one core.
   */
  budget?: number;
}

/** Scorings per move with a score table (one byte read each) and with direct scoring. */
const TABLE_BUDGET = 6_000_000;
const DIRECT_BUDGET = 1_000_000;
/** Candidates scored per guess when there are more (the partition is estimated from them). */
const SAMPLE_MAX = 1200;
/** Off the shipped plans, positions up to this many candidates are solved exactly… */
const EXACT_MAX = 80;
/** …unless the search would score more pairs than this (then most parts plays). */
const EXACT_WORK = 500_000;

/** `history` and what it leaves possible; `exact` is false when the rows contradict each other. */
interface Position {
  cands: Int32Array;
  exact: boolean;
}

/**
 * Hand-scored rows may be wrong (docs/rules.md §1.4), and then no secret fits them all. A bot
 * must still move, so the oldest rows are dropped until some secret fits the rest.
 */
function position(space: Space, history: readonly Row[]): Position {
  const cands = candidatesFor(space, history);
  if (cands.length > 0) return { cands, exact: true };
  for (let k = 1; k <= history.length; k++) {
    const rest = candidatesFor(space, history.slice(k));
    if (rest.length > 0) return { cands: rest, exact: false };
  }
  return { cands: space.secrets, exact: false };
}

/**
 * The next guess for `history` (every row so far, in order) under `strategy`.
 * Deterministic: without `rng`, randomness is seeded from the history itself.
 */
export function nextGuess(
  space: Space,
  history: readonly Row[],
  strategy: StrategyName = bestStrategyFor(space.rules),
  rng?: Rng,
  options: GuessOptions = {},
): Code {
  return decode(space, nextGuessIndex(space, history, strategy, rng, options));
}

export function nextGuessIndex(
  space: Space,
  history: readonly Row[],
  strategy: StrategyName,
  rng?: Rng,
  options: GuessOptions = {},
): number {
  const random =
    rng ??
    createRng(`solver/${strategy}/${history.map((r) => `${r.guess.join(',')}:${r.score.black}.${r.score.white}`).join('/')}`);
  const pos = position(space, history);
  const { cands } = pos;
  if (cands.length === 1) return cands[0]!;
  switch (strategy) {
    case 'consistent-random':
      return cands[random.int(cands.length)]!;
    case 'optimal':
      return optimalGuess(space, history, pos, random, options);
    default:
      return partitionGuess(space, cands, strategy, random, options, history.length === 0 && pos.exact);
  }
}

function optimalGuess(space: Space, history: readonly Row[], pos: Position, rng: Rng, options: GuessOptions): number {
  const shipped = shippedPlan(space);
  if (shipped && pos.exact) {
    let node: typeof shipped.plan | undefined = shipped.plan;
    for (const row of history) {
      if (!node || encode(space, row.guess) !== node.guess) {
        node = undefined;
        break;
      }
      node = node.children.get(toScoreIndex(space, row.score));
    }
    if (node) return node.guess;
  }
  const { cands } = pos;
  if (space.table && cands.length <= EXACT_MAX) {
    let sym: Symmetry | null = null;
    if (pos.exact) {
      sym = fullSymmetry(space);
      for (const row of history) sym = stabilise(space, sym, encode(space, row.guess));
    }
    const solved = solveExact(space, cands, sym, { workLimit: EXACT_WORK });
    if (solved) return solved.plan.guess;
  }
  return partitionGuess(space, cands, 'most-parts', rng, options, history.length === 0 && pos.exact);
}

/** Lower is better. */
function metricValue(metric: PartitionMetric, counts: Int32Array): number {
  let v = 0;
  switch (metric) {
    case 'knuth':
      for (let i = 0; i < counts.length; i++) if (counts[i]! > v) v = counts[i]!;
      return v;
    case 'most-parts':
      for (let i = 0; i < counts.length; i++) if (counts[i]) v--;
      return v;
    case 'entropy':
      // Σ c·ln c is the entropy of the split up to constants, with the sign flipped
      for (let i = 0; i < counts.length; i++) if (counts[i]! > 1) v += counts[i]! * Math.log(counts[i]!);
      return v;
    case 'expected-size':
      for (let i = 0; i < counts.length; i++) v += counts[i]! * counts[i]!;
      return v;
  }
}

function contains(sorted: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === x) return true;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** `k` candidates drawn at random (with replacement: only the split's proportions matter). */
function sampleOf(cands: Int32Array, k: number, rng: Rng): Int32Array {
  if (k >= cands.length) return cands;
  const out = new Int32Array(k);
  for (let i = 0; i < k; i++) out[i] = cands[rng.int(cands.length)]!;
  return out;
}

/**
 * The guess whose split of the candidates scores best under `metric`; ties go to a
 * guess that could be the secret, then to the guess met first (code order when every
 * code is tried: the order Knuth's figures assume).
 */
export function partitionGuess(
  space: Space,
  cands: Int32Array,
  metric: PartitionMetric,
  rng: Rng,
  options: GuessOptions = {},
  symmetricStart = false,
): number {
  if (cands.length <= 2) return cands[0]!;
  if (symmetricStart) return opening(space, metric);
  const budget = options.budget ?? (space.table ? TABLE_BUDGET : DIRECT_BUDGET);
  const sample = sampleOf(cands, SAMPLE_MAX, rng);
  // building a guess's lookup tables costs about as much as scoring this many codes
  const setup = space.table ? 0 : (space.hiSize + space.loSize) / 8 + 16;
  const guesses = Math.max(32, Math.floor(budget / (sample.length + setup)));
  let pool: Int32Array;
  if (space.size <= guesses) {
    pool = new Int32Array(space.size);
    for (let i = 0; i < space.size; i++) pool[i] = i;
  } else {
    const chosen = new Set<number>();
    const fromCands = Math.min(cands.length, Math.floor((guesses * 3) / 4));
    if (fromCands === cands.length) for (const c of cands) chosen.add(c);
    else for (let tries = 0; chosen.size < fromCands && tries < fromCands * 4; tries++) chosen.add(cands[rng.int(cands.length)]!);
    for (let tries = 0; chosen.size < guesses && tries < guesses * 4; tries++) chosen.add(rng.int(space.size));
    pool = Int32Array.from(chosen);
  }
  return bestOf(space, pool, cands, sample, metric);
}

function bestOf(space: Space, pool: Int32Array, cands: Int32Array, sample: Int32Array, metric: PartitionMetric): number {
  const counts = new Int32Array(space.scoreRange);
  const scorer = space.table ? null : new SampleScorer(space, sample);
  let best = -1;
  let bestValue = Infinity;
  let bestConsistent = false;
  for (let i = 0; i < pool.length; i++) {
    const g = pool[i]!;
    if (scorer) scorer.partition(g, counts);
    else partitionCounts(space, g, sample, counts);
    const v = metricValue(metric, counts);
    const tol = 1e-9 * Math.max(1, Math.abs(bestValue));
    if (v > bestValue + tol) continue;
    if (v >= bestValue - tol) {
      // a tie: only a guess that might win outranks the one found first
      if (bestConsistent) continue;
      if (!contains(cands, g)) continue;
    }
    best = g;
    bestValue = v;
    bestConsistent = contains(cands, g);
  }
  return best;
}

/**
 * Before any row every colour and every hole is alike, so the first guess is one of the
 * colour patterns (AAAA, AAAB, AABB, AABC, ABCD for 4 holes): the least code of each
 * partition of the holes. Scored once per space and strategy.
 */
const openings = new Map<string, number>();

export function opening(space: Space, metric: PartitionMetric): number {
  const r = space.rules;
  const key = `${r.pegs}x${r.colours}${r.repeats ? 'r' : ''}${r.blanks ? 'b' : ''}/${metric}`;
  const hit = openings.get(key);
  if (hit !== undefined) return hit;
  const patterns = colourPatterns(space.pegs, space.values).map((blocks) => {
    let code = 0;
    blocks.forEach((len, colour) => {
      for (let k = 0; k < len; k++) code = code * space.values + colour;
    });
    return code;
  });
  patterns.sort((a, b) => a - b);
  const sample = sampleOf(space.secrets, 20_000, createRng(`opening/${key}`));
  const g = bestOf(space, Int32Array.from(patterns), space.secrets, sample, metric);
  openings.set(key, g);
  return g;
}

/** Partitions of `pegs` into at most `values` parts, largest first. */
function colourPatterns(pegs: number, values: number): number[][] {
  const out: number[][] = [];
  const walk = (left: number, max: number, acc: number[]): void => {
    if (left === 0) {
      out.push(acc);
      return;
    }
    if (acc.length === values) return;
    for (let k = Math.min(left, max); k >= 1; k--) walk(left - k, k, [...acc, k]);
  };
  walk(pegs, pegs, []);
  return out;
}

/**
 * The strongest strategy that answers within the move budget for these rules: the
 * exact one where a plan is shipped or the space is small enough to have a score
 * table (it solves small positions exactly and plays most parts otherwise), and
 * sampled entropy beyond.
 */
export function bestStrategyFor(rules: CodeRules): StrategyName {
  const values = rules.colours + (rules.blanks ? 1 : 0);
  if (values ** rules.pegs <= TABLE_LIMIT) return 'optimal';
  return 'entropy';
}

/** Convenience for callers that hold only the rules. */
export function nextGuessFor(rules: CodeRules, history: readonly Row[], strategy?: StrategyName, rng?: Rng): Code {
  const space = createSpace(rules);
  return nextGuess(space, history, strategy ?? bestStrategyFor(rules), rng);
}
