import { createRng, type Code, type Rng, type Seat } from '@mm/rules';
import { MM44_COLOURS, MM44_COUNTERS_PER_COLOUR, MM44_HOLES } from '@mm/rules/families/mm44/pure';
import type { Mm44Action, Mm44Answer, Mm44Part, Mm44Peg, Mm44View } from '@mm/rules/families/mm44';

/**
 * Master Mind 44 (docs/rules.md §4) from one seat's point of view: every deal of parts to the
 * boards that agrees with the seat's own part(s), every public answer and every wrong
 * call. A part is stored as `position * 6 + colour` (0–29), deal-major.
 */
export interface Mm44Deals {
  boards: number;
  count: number;
  /** `parts[d * boards + b]`: the part of board b in deal d */
  parts: Uint8Array;
  /** chance of each deal under the shuffled counters, up to a common factor */
  weights: Float64Array;
}

const PARTS = MM44_HOLES * MM44_COLOURS;
const partCode = (p: Mm44Part): number => p.position * MM44_COLOURS + p.colour;

/**
 * Every deal of `boards` boards that gives the boards in `own` their known parts.
 * Positions are dealt without repeats; colours come from 4 counters of each colour, so
 * a deal that repeats a colour is a little less likely than one that does not.
 */
export function mm44Deals(boards: number, own: readonly { board: number; part: Mm44Part }[] = []): Mm44Deals {
  if (!Number.isInteger(boards) || boards < 1 || boards > MM44_HOLES)
    throw new RangeError(`1–${MM44_HOLES} boards, not ${boards}`);
  const fixed = new Int16Array(boards).fill(-1);
  for (const { board, part } of own) fixed[board] = partCode(part);
  const parts: number[] = [];
  const weights: number[] = [];
  const current = new Uint8Array(boards);
  const usedPos = new Uint8Array(MM44_HOLES);
  const usedCol = new Uint8Array(MM44_COLOURS);
  const walk = (b: number, weight: number): void => {
    if (b === boards) {
      for (let i = 0; i < boards; i++) parts.push(current[i]!);
      weights.push(weight);
      return;
    }
    const only = fixed[b]!;
    for (let code = only >= 0 ? only : 0; code < (only >= 0 ? only + 1 : PARTS); code++) {
      const p = Math.floor(code / MM44_COLOURS);
      const c = code % MM44_COLOURS;
      if (usedPos[p]) continue;
      const left = MM44_COUNTERS_PER_COLOUR - usedCol[c]!;
      if (left <= 0) continue;
      usedPos[p] = 1;
      usedCol[c]!++;
      current[b] = code;
      walk(b + 1, (weight * left) / (MM44_COLOURS * MM44_COUNTERS_PER_COLOUR - b));
      usedPos[p] = 0;
      usedCol[c]!--;
    }
  };
  walk(0, 1);
  return { boards, count: weights.length, parts: Uint8Array.from(parts), weights: Float64Array.from(weights) };
}

const PEG_VALUE: Record<'black' | 'white' | 'none', number> = { black: 2, white: 1, none: 0 };
const pegValue = (peg: Mm44Peg): number => PEG_VALUE[peg ?? 'none'];

/** Each part's answer to `row` (0 nothing, 1 white, 2 black): the rules' `mm44Answer` for all 30 parts at once. */
function answersTo(row: Code): Uint8Array {
  const out = new Uint8Array(PARTS);
  for (let code = 0; code < PARTS; code++) {
    const p = Math.floor(code / MM44_COLOURS);
    const c = code % MM44_COLOURS;
    out[code] = row[p] === c ? 2 : row.includes(c) ? 1 : 0;
  }
  return out;
}

function keep(deals: Mm44Deals, pass: (d: number) => boolean): Mm44Deals {
  const idx: number[] = [];
  for (let d = 0; d < deals.count; d++) if (pass(d)) idx.push(d);
  const parts = new Uint8Array(idx.length * deals.boards);
  const weights = new Float64Array(idx.length);
  idx.forEach((d, i) => {
    parts.set(deals.parts.subarray(d * deals.boards, (d + 1) * deals.boards), i * deals.boards);
    weights[i] = deals.weights[d]!;
  });
  return { boards: deals.boards, count: idx.length, parts, weights };
}

/** The deals that give every answer in `answers` (attributed, docs/rules.md §4 play 2) to `row`. */
export function mm44Filter(deals: Mm44Deals, row: Code, answers: readonly Mm44Answer[]): Mm44Deals {
  const table = answersTo(row);
  const checks = answers.filter((a) => a.board >= 0 && a.board < deals.boards).map((a) => [a.board, pegValue(a.peg)] as const);
  return keep(deals, (d) => checks.every(([b, v]) => table[deals.parts[d * deals.boards + b]!] === v));
}

/** The deals whose hidden code is not `code` (a wrong "Master Mind!" call is public). */
export function mm44Exclude(deals: Mm44Deals, code: Code): Mm44Deals {
  const target = codeIndex(code);
  return keep(deals, (d) => dealCode(deals, d) !== target);
}

/** A 5-hole row as a base-7 number (6 for an empty hole). */
function codeIndex(code: Code): number {
  let i = 0;
  for (let p = 0; p < MM44_HOLES; p++) {
    const v = code[p];
    i = i * 7 + (v === null || v === undefined ? 6 : v);
  }
  return i;
}

function dealCode(deals: Mm44Deals, d: number): number {
  const holes = [6, 6, 6, 6, 6];
  for (let b = 0; b < deals.boards; b++) {
    const part = deals.parts[d * deals.boards + b]!;
    holes[Math.floor(part / MM44_COLOURS)] = part % MM44_COLOURS;
  }
  return holes.reduce((a, v) => a * 7 + v, 0);
}

function codeOf(index: number): Code {
  const out: Code = [];
  let x = index;
  for (let p = 0; p < MM44_HOLES; p++) {
    const v = x % 7;
    out.unshift(v === 6 ? null : v);
    x = Math.floor(x / 7);
  }
  return out;
}

/** The hidden codes the deals make, most likely first, with their chances (summing to 1). */
export function mm44Codes(deals: Mm44Deals): { code: Code; chance: number }[] {
  const byCode = new Map<number, number>();
  let total = 0;
  for (let d = 0; d < deals.count; d++) {
    const c = dealCode(deals, d);
    byCode.set(c, (byCode.get(c) ?? 0) + deals.weights[d]!);
    total += deals.weights[d]!;
  }
  return [...byCode].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([c, w]) => ({ code: codeOf(c), chance: w / total }));
}

/** The code to call "Master Mind!" with, once only one code is left; otherwise null. */
export function mm44Call(deals: Mm44Deals): Code | null {
  const codes = mm44Codes(deals);
  return codes.length === 1 ? codes[0]!.code : null;
}

export interface Mm44RowChoice {
  row: Code;
  /** expected number of hidden codes still possible once the other boards have answered */
  expectedCodes: number;
}

/**
 * Deal-evaluations one row choice may spend in a hill climb (a few ms on one core; at a
 * third of this the bots' games get measurably longer)…
 */
const ROW_BUDGET = 500_000;
/** …or in trying every row, which is worth a little more. */
const EXHAUSTIVE_BUDGET = 1_000_000;
/** What one row costs beyond its deals: building its answer table, clearing the counters. */
const ROW_OVERHEAD = 60;
const ALL_ROWS = 7 ** MM44_HOLES;

/**
 * The row that, placed by board `placer`, leaves the fewest hidden codes expected once
 * every other board has answered. Deals that differ only in which board holds which part
 * make the same code, so codes, not deals, are counted. Every row is tried when the deals
 * are few; otherwise a hill climb from random rows, one hole changed at a time. A row
 * that leaves one code whatever the answers cannot be beaten, so the search stops there.
 */
export function mm44NextRow(deals: Mm44Deals, placer: number, rng?: Rng): Mm44RowChoice {
  if (rng) return searchRow(deals, placer, rng);
  // Seeded from the position itself, the answer depends on nothing else and can be kept:
  // every game starts from one of a few hundred positions (own part, board to play).
  const key = `${placer}/${dealsHash(deals)}`;
  const hit = rowCache.get(key);
  if (hit) return { row: [...hit.row], expectedCodes: hit.expectedCodes };
  const choice = searchRow(deals, placer, createRng(`mm44/${key}`));
  rowCache.set(key, choice);
  if (rowCache.size > 512) rowCache.delete(rowCache.keys().next().value!);
  return { row: [...choice.row], expectedCodes: choice.expectedCodes };
}

const rowCache = new Map<string, Mm44RowChoice>();

function dealsHash(deals: Mm44Deals): string {
  let h1 = 0x811c9dc5 ^ deals.boards;
  let h2 = 0x2545f491 ^ deals.count;
  for (let i = 0; i < deals.parts.length; i++) {
    h1 = Math.imul(h1 ^ deals.parts[i]!, 0x01000193);
    h2 = Math.imul(h2 + deals.parts[i]!, 0x85ebca6b) ^ (h2 >>> 13);
  }
  return `${deals.count}:${h1 >>> 0}:${h2 >>> 0}`;
}

function searchRow(deals: Mm44Deals, placer: number, rng: Rng): Mm44RowChoice {
  const ev = new RowEvaluator(deals, placer);
  const cost = deals.count + ROW_OVERHEAD;
  let best = 0;
  let bestValue = Infinity;
  let done = false;
  const consider = (i: number): number => {
    const v = ev.expectedCodes(i);
    if (v < bestValue - 1e-12) {
      bestValue = v;
      best = i;
      if (v <= 1 + 1e-9) done = true;
    }
    return v;
  };
  if (cost * ALL_ROWS <= EXHAUSTIVE_BUDGET) {
    for (let i = 0; i < ALL_ROWS && !done; i++) consider(i);
    return { row: codeOf(best), expectedCodes: bestValue };
  }
  let spent = 0;
  const ds = new Int8Array(MM44_HOLES);
  const setDigits = (i: number): void => {
    let x = i;
    for (let p = MM44_HOLES - 1; p >= 0; p--) {
      ds[p] = x % 7;
      x = Math.floor(x / 7);
    }
  };
  const index = (): number => ds.reduce((a, v) => a * 7 + v, 0);
  while (!done && spent + cost * 8 <= ROW_BUDGET) {
    // a restart: the best of a few random rows, then steepest descent over single-hole changes
    let at = 0;
    let atValue = Infinity;
    for (let k = 0; k < 8; k++) {
      const i = rng.int(ALL_ROWS);
      const v = consider(i);
      spent += cost;
      if (v < atValue) {
        atValue = v;
        at = i;
      }
    }
    for (let improved = true; improved && !done && spent + cost * 30 <= ROW_BUDGET;) {
      improved = false;
      setDigits(at);
      let stepTo = at;
      let stepValue = atValue;
      for (let p = 0; p < MM44_HOLES; p++) {
        const keepDigit = ds[p]!;
        for (let v = 0; v < 7; v++) {
          if (v === keepDigit) continue;
          ds[p] = v;
          const i = index();
          const value = consider(i);
          spent += cost;
          if (value < stepValue - 1e-12) {
            stepValue = value;
            stepTo = i;
          }
        }
        ds[p] = keepDigit;
      }
      if (stepTo !== at) {
        at = stepTo;
        atValue = stepValue;
        improved = true;
      }
    }
  }
  return { row: codeOf(best), expectedCodes: bestValue };
}

/** A row drawn uniformly: each hole a colour or empty. */
export function mm44RandomRow(rng: Rng): Code {
  return codeOf(rng.int(ALL_ROWS));
}

/** The best of `samples` random rows for board `placer` (a quick, imperfect search: a medium bot's). */
export function mm44SampledRow(deals: Mm44Deals, placer: number, rng: Rng, samples: number): Code {
  const ev = new RowEvaluator(deals, placer);
  let best = rng.int(ALL_ROWS);
  let bestValue = ev.expectedCodes(best);
  for (let k = 1; k < samples; k++) {
    const i = rng.int(ALL_ROWS);
    const v = ev.expectedCodes(i);
    if (v < bestValue) {
      best = i;
      bestValue = v;
    }
  }
  return codeOf(best);
}

class RowEvaluator {
  private readonly codeId: Int32Array;
  private readonly answering: Int32Array;
  private readonly keys: number;
  private readonly mark: Int32Array;
  private gen = 0;
  private readonly total: number;
  private readonly table = new Uint8Array(PARTS);
  private readonly weightOf: Float64Array;
  private readonly distinct: Int32Array;
  private readonly digits = new Int8Array(MM44_HOLES);
  private readonly present = new Uint8Array(MM44_COLOURS + 1);

  constructor(
    private readonly deals: Mm44Deals,
    placer: number,
  ) {
    const ids = new Map<number, number>();
    this.codeId = new Int32Array(deals.count);
    let total = 0;
    for (let d = 0; d < deals.count; d++) {
      const c = dealCode(deals, d);
      let id = ids.get(c);
      if (id === undefined) ids.set(c, (id = ids.size));
      this.codeId[d] = id;
      total += deals.weights[d]!;
    }
    this.total = total;
    // every board but the placer answers; those the same seat holds answer alike in every deal, so they split nothing
    this.answering = Int32Array.from(Array.from({ length: deals.boards }, (_, b) => b).filter((b) => b !== placer));
    this.keys = 3 ** this.answering.length;
    this.mark = new Int32Array(ids.size * this.keys);
    this.weightOf = new Float64Array(this.keys);
    this.distinct = new Int32Array(this.keys);
  }

  /** Expected number of codes left after the answers to row `index` (base 7, 6 for empty). */
  expectedCodes(index: number): number {
    const { deals, answering, keys, mark, codeId, table, weightOf, distinct, digits, present } = this;
    let x = index;
    present.fill(0);
    for (let p = MM44_HOLES - 1; p >= 0; p--) {
      const v = x % 7;
      digits[p] = v;
      present[v] = 1;
      x = (x - v) / 7;
    }
    // each part's answer, as mm44Answer gives it: 2 black, 1 white, 0 nothing
    for (let code = 0; code < PARTS; code++) {
      const c = code % MM44_COLOURS;
      table[code] = digits[(code - c) / MM44_COLOURS] === c ? 2 : present[c]!;
    }
    weightOf.fill(0);
    distinct.fill(0);
    const gen = ++this.gen;
    const B = deals.boards;
    const parts = deals.parts;
    const weights = deals.weights;
    const na = answering.length;
    for (let d = 0; d < deals.count; d++) {
      let key = 0;
      const base = d * B;
      for (let j = 0; j < na; j++) key = key * 3 + table[parts[base + answering[j]!]!]!;
      weightOf[key]! += weights[d]!;
      const m = codeId[d]! * keys + key;
      if (mark[m] !== gen) {
        mark[m] = gen;
        distinct[key]!++;
      }
    }
    let e = 0;
    for (let k = 0; k < keys; k++) if (distinct[k]) e += weightOf[k]! * distinct[k]!;
    return e / this.total;
  }
}

/** Which rows a weaker player keeps in mind: only some boards', and of each only the latest few. */
export interface Mm44Memory {
  boards?: ReadonlySet<number>;
  lastRows?: number;
}

/**
 * What seat `viewer` knows in a view: the deals that fit its own parts and everything public,
 * or, with `memory`, only the rows a weaker player would keep in mind.
 */
export function mm44DealsFromView(view: Mm44View, memory: Mm44Memory = {}): Mm44Deals {
  const own = view.boards.flatMap((b) => (b.part ? [{ board: b.board, part: b.part }] : []));
  let deals = mm44Deals(view.boards.length, own);
  for (const board of view.boards) {
    if (memory.boards && !memory.boards.has(board.board)) continue;
    const rows = memory.lastRows === undefined ? board.rows : board.rows.slice(-memory.lastRows);
    for (const row of rows) deals = mm44Filter(deals, row.code, row.answers);
  }
  for (const call of view.calls) if (!call.correct) deals = mm44Exclude(deals, call.code);
  return deals;
}

/** What a bot may play in Master Mind 44: every action but the server's own timeout. */
export type Mm44BotAction = Exclude<Mm44Action, { type: 'timeout' }>;

/**
 * A bot's move for `seat` in an MM44 view (its own view), or null when it has nothing to
 * do now: call "Master Mind!" as soon as one code is left; in the final calls call the
 * likeliest code (passing cannot do better than a draw); on its board's turn place the
 * row that splits the codes best.
 */
export function mm44BotAction(view: Mm44View, seat: Seat): Mm44BotAction | null {
  return mm44Move(view, seat, {}, (deals, board) => mm44NextRow(deals, board).row);
}

/**
 * How every level of bot plays Master Mind 44, from the rows it keeps in mind (`memory`) and
 * how it picks a row to place (`row`): a call once sure, the likeliest code on its final call.
 */
export function mm44Move(
  view: Mm44View,
  seat: Seat,
  memory: Mm44Memory,
  row: (deals: Mm44Deals, board: number) => Code,
): Mm44BotAction | null {
  if (view.finished || view.out[seat]) return null;
  const deals = mm44DealsFromView(view, memory);
  if (deals.count === 0) return view.phase === 'finalCalls' && view.caller === seat ? { type: 'pass' } : null;
  const sure = mm44Call(deals);
  if (sure) return { type: 'call', code: sure };
  if (view.phase === 'finalCalls') return view.caller === seat ? { type: 'call', code: mm44Codes(deals)[0]!.code } : null;
  const turn = view.turn;
  if (turn === null || view.boards[turn]?.holder !== seat) return null;
  return { type: 'row', code: row(deals, turn) };
}
