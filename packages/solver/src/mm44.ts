import { createRng, type Code, type Rng, type Seat } from '@mm/rules';
import { MM44_COLOURS, MM44_HOLES } from '@mm/rules/families/mm44/pure';
import type { Mm44Action, Mm44View } from '@mm/rules/families/mm44';
import { codeOf, dealCode, mm44Call, mm44Codes, mm44DealsFromView, PARTS, type Mm44Deals, type Mm44Memory } from './mm44-deals';

// The bots' play over the deals counted in `mm44-deals`: which row to place, when to call.

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
