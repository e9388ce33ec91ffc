import { scoreIndex, type Space } from './space';
import { orbitRepresentatives, stabilise, type Symmetry } from './symmetry';

/**
 * Exact branch-and-bound over guesses: the least total number of guesses to break every
 * secret of a set (the guess that breaks it counted), within a depth limit. Small spaces
 * only (it needs the score table).
 *
 * What keeps it fast enough:
 * - a lower bound per guess from its class sizes alone (a class of m secrets needs at
 *   least 1 + 2·B + 3·B² … guesses when one guess can tell at most B answers apart), so
 *   guesses are tried best bound first and the rest are cut once the bound reaches the
 *   best total found;
 * - a budget passed down to every class, so a guess is dropped as soon as its classes
 *   already cost too much;
 * - only one guess per orbit of the relabellings that fix the guesses so far;
 * - guesses that split the set into the same classes (relabelled) are tried once;
 * - a memo of every set solved, exactly or as a proven lower bound.
 */

/** A plan: the guess to play, and for each answer short of a win, the plan that follows. */
export interface PlanNode {
  guess: number;
  children: Map<number, PlanNode>;
}

export interface ExactOptions {
  /** most guesses allowed, the breaking one included (default: no limit) */
  maxDepth?: number;
  /** give up (return null) after about this many (guess, secret) scorings (bookkeeping counted alike) */
  workLimit?: number;
}

export interface ExactResult {
  total: number;
  plan: PlanNode;
  work: number;
}

interface Entry {
  /** exact cost when `exact`, else a proven lower bound */
  value: number;
  exact: boolean;
  guess: number;
}

class Abort extends Error {}

const NO_DEPTH_LIMIT = 64;

export class ExactSolver {
  private readonly table: Uint8Array;
  private readonly size: number;
  private readonly win: number;
  private readonly range: number;
  /** answers short of a win that one guess can tell apart */
  private readonly branching: number;
  private readonly memo = new Map<string, Entry>();
  private readonly lbCache = new Map<number, Float64Array>();
  work = 0;
  workLimit = Infinity;

  constructor(readonly space: Space) {
    if (!space.table) throw new RangeError('the exact solver needs a space small enough for a score table');
    this.table = space.table;
    this.size = space.size;
    this.win = space.winScore;
    this.range = space.scoreRange;
    const P = space.pegs;
    // every (black, white) with black + white ≤ P, less (P−1, 1) and the win itself
    this.branching = ((P + 1) * (P + 2)) / 2 - 2;
  }

  /** Least cost of m secrets with d guesses left, from class size alone. */
  lowerBound(m: number, d: number): number {
    let row = this.lbCache.get(d);
    if (!row || row.length <= m) {
      const n = Math.max(m + 1, 2 * (row?.length ?? 0), 64);
      row = new Float64Array(n);
      for (let k = 0; k < n; k++) {
        let left = k;
        let total = 0;
        let cap = 1;
        for (let level = 1; left > 0; level++) {
          if (level > d) {
            total = Infinity;
            break;
          }
          const take = Math.min(cap, left);
          total += take * level;
          left -= take;
          cap *= this.branching;
        }
        row[k] = total;
      }
      this.lbCache.set(d, row);
    }
    return row[m]!;
  }

  private key(set: Int32Array, d: number): string {
    let h1 = 0x811c9dc5 ^ set.length;
    let h2 = 0x01000193 ^ (d * 7919);
    for (let i = 0; i < set.length; i++) {
      const v = set[i]!;
      h1 = Math.imul(h1 ^ v, 0x01000193);
      h2 = Math.imul(h2 ^ (v + 0x9e3779b9), 0x85ebca6b) ^ (h2 >>> 13);
    }
    return `${d}:${set.length}:${h1 >>> 0}:${h2 >>> 0}`;
  }

  /**
   * The least total for `set` with `d` guesses left, if it is below `limit`; otherwise some
   * proven lower bound ≥ `limit`. `sym` fixes every guess made so far.
   */
  solve(set: Int32Array, d: number, limit: number, sym: Symmetry | null): number {
    const n = set.length;
    if (n === 0) return 0;
    if (d <= 0) return Infinity;
    if (n === 1) return 1;
    if (d === 1) return Infinity;
    if (n === 2) return 3;
    const lbSet = this.lowerBound(n, d);
    if (lbSet >= limit) return lbSet;

    const key = this.key(set, d);
    const known = this.memo.get(key);
    if (known && (known.exact || known.value >= limit)) return known.value;

    const { table, size, win, range } = this;
    const reps = sym ? this.representatives(sym) : null;
    const guessCount = reps ? reps.length : size;
    const counts = new Int32Array(range);
    const label = new Int8Array(range);
    const seen = new Set<number>();
    const options: number[] = [];
    const bounds: number[] = [];
    let best = limit;
    let bestGuess = -1;
    /** least proven bound among the guesses found no better than `best` */
    let proven = Infinity;
    const childLb = (m: number): number => this.lowerBound(m, d - 1);

    for (let gi = 0; gi < guessCount; gi++) {
      const g = reps ? reps[gi]! : gi;
      // the per-guess bookkeeping over every possible score costs about as much as scoring
      this.work += n + 2 * range;
      if (this.work > this.workLimit) throw new Abort();
      const base = g * size;
      counts.fill(0);
      label.fill(-1);
      let nextLabel = 0;
      let h1 = 0x12345;
      let h2 = 0x6789;
      for (let i = 0; i < n; i++) {
        const s = table[base + set[i]!]!;
        counts[s]!++;
        let l = label[s]!;
        if (l < 0) l = label[s] = s === win ? 63 : nextLabel++;
        h1 = Math.imul(h1 ^ l, 0x01000193);
        h2 = Math.imul(h2 + l, 0x85ebca6b) ^ (h2 >>> 15);
      }
      if (nextLabel === 1 && counts[win] === 0) continue; // tells nothing apart
      const h = (h1 >>> 0) * 0x200000 + (h2 & 0x1fffff);
      if (seen.has(h)) continue;
      seen.add(h);
      let lb = n;
      let small = true;
      for (let s = 0; s < range; s++) {
        const c = counts[s]!;
        if (c === 0 || s === win) continue;
        lb += childLb(c);
        if (c > 2) small = false;
      }
      if (lb === Infinity) continue;
      // classes of one or two secrets cost exactly their bound (1 and 3): nothing to search
      if (small) {
        if (lb < best) {
          best = lb;
          bestGuess = g;
          if (lb <= lbSet) break;
        } else proven = Math.min(proven, lb);
        continue;
      }
      options.push(g);
      bounds.push(lb);
    }

    if (best > lbSet) {
      const order = options.map((_, i) => i).sort((a, b) => bounds[a]! - bounds[b]! || options[a]! - options[b]!);
      for (const oi of order) {
        const lb = bounds[oi]!;
        if (lb >= best) {
          proven = Math.min(proven, lb);
          break;
        }
        const g = options[oi]!;
        const got = this.tryGuess(set, d, g, best, lb, sym);
        if (got < best) {
          best = got;
          bestGuess = g;
          if (best <= lbSet) break;
        } else proven = Math.min(proven, got);
      }
    }
    if (bestGuess >= 0 && best < limit) {
      this.memo.set(key, { value: best, exact: true, guess: bestGuess });
      return best;
    }
    const bound = Math.max(limit, proven);
    this.memo.set(key, { value: bound, exact: false, guess: -1 });
    return bound;
  }

  private readonly repsOf = new WeakMap<Symmetry, Int32Array>();

  /** One guess per orbit; shared by every class of a guess, which all have the same symmetry. */
  private representatives(sym: Symmetry): Int32Array {
    let reps = this.repsOf.get(sym);
    if (!reps) {
      this.work += this.size * sym.pos.length;
      if (this.work > this.workLimit) throw new Abort();
      reps = orbitRepresentatives(this.space, sym);
      this.repsOf.set(sym, reps);
    }
    return reps;
  }

  /** The total with `g` played now if it is below `best`, else a proven bound ≥ best. */
  private tryGuess(set: Int32Array, d: number, g: number, best: number, lb: number, sym: Symmetry | null): number {
    const classes = this.split(set, g);
    classes.sort((a, b) => b.length - a.length);
    const childSym = sym ? stabilise(this.space, sym, g) : null;
    const n = set.length;
    let restLb = lb - n;
    let spent = n;
    for (const c of classes) {
      const cLb = this.lowerBound(c.length, d - 1);
      restLb -= cLb;
      const allowance = best - spent - restLb;
      const got = this.solve(c, d - 1, allowance, childSym);
      if (got >= allowance) return spent + got + restLb;
      spent += got;
    }
    return spent;
  }

  /** The classes of `set` by score against `g`, the winning one left out. */
  split(set: Int32Array, g: number): Int32Array[] {
    const { table, size, win, range } = this;
    const counts = new Int32Array(range);
    const base = g * size;
    for (let i = 0; i < set.length; i++) counts[table[base + set[i]!]!]!++;
    const out: (Int32Array | null)[] = Array.from({ length: range }, (_, s) =>
      counts[s] && s !== win ? new Int32Array(counts[s]!) : null,
    );
    const fill = new Int32Array(range);
    for (let i = 0; i < set.length; i++) {
      const s = table[base + set[i]!]!;
      const c = out[s];
      if (c) c[fill[s]!++] = set[i]!;
    }
    return out.filter((c): c is Int32Array => c !== null);
  }

  /** The plan behind a solved set (solving again where only a bound was kept). */
  plan(set: Int32Array, d: number, sym: Symmetry | null): PlanNode {
    const n = set.length;
    if (n === 1) return { guess: set[0]!, children: new Map() };
    if (n === 2) {
      const [a, b] = [set[0]!, set[1]!];
      return { guess: a, children: new Map([[this.table[a * this.size + b]!, { guess: b, children: new Map() }]]) };
    }
    let entry = this.memo.get(this.key(set, d));
    if (!entry?.exact) {
      this.solve(set, d, Infinity, sym);
      entry = this.memo.get(this.key(set, d));
    }
    if (!entry?.exact) throw new Error('no plan within the depth limit');
    const g = entry.guess;
    const childSym = sym ? stabilise(this.space, sym, g) : null;
    const children = new Map<number, PlanNode>();
    const base = g * this.size;
    for (const c of this.split(set, g)) children.set(this.table[base + c[0]!]!, this.plan(c, d - 1, childSym));
    return { guess: g, children };
  }
}

/**
 * The optimal plan for the secrets in `set` (or null if `workLimit` ran out first).
 * `sym` must fix the guesses that led to `set`; pass null to search every guess.
 */
export function solveExact(space: Space, set: Int32Array, sym: Symmetry | null, options: ExactOptions = {}): ExactResult | null {
  const solver = new ExactSolver(space);
  solver.workLimit = options.workLimit ?? Infinity;
  const depth = options.maxDepth ?? NO_DEPTH_LIMIT;
  try {
    const total = solver.solve(set, depth, Infinity, sym);
    if (total === Infinity) return null;
    return { total, plan: solver.plan(set, depth, sym), work: solver.work };
  } catch (e) {
    if (e instanceof Abort) return null;
    throw e;
  }
}

/**
 * Plays `plan` against every secret of `set`: how many it breaks, the total number of
 * guesses and the most any secret needs. Throws if the plan lacks an answer that occurs.
 */
export function walkPlan(
  space: Space,
  plan: PlanNode,
  set: Int32Array,
  depth = 1,
): { secrets: number; total: number; worst: number } {
  let secrets = 0;
  let total = 0;
  let worst = 0;
  const byScore = new Map<number, number[]>();
  for (const s of set) {
    if (s === plan.guess) {
      secrets++;
      total += depth;
      worst = Math.max(worst, depth);
      continue;
    }
    const score = space.table ? space.table[plan.guess * space.size + s]! : scoreIndex(space, plan.guess, s);
    let list = byScore.get(score);
    if (!list) byScore.set(score, (list = []));
    list.push(s);
  }
  for (const [score, list] of byScore) {
    const child = plan.children.get(score);
    if (!child) throw new Error(`the plan has no move after guess ${plan.guess} scored ${score}`);
    const t = walkPlan(space, child, Int32Array.from(list), depth + 1);
    secrets += t.secrets;
    total += t.total;
    worst = Math.max(worst, t.worst);
  }
  return { secrets, total, worst };
}
