import type { Code } from '@mm/rules';
import { MM44_COLOURS, MM44_COUNTERS_PER_COLOUR, MM44_HOLES } from '@mm/rules/families/mm44/pure';
import type { Mm44Answer, Mm44Part, Mm44Peg, Mm44View } from '@mm/rules/families/mm44';

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

export const PARTS = MM44_HOLES * MM44_COLOURS;
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

export function dealCode(deals: Mm44Deals, d: number): number {
  const holes = [6, 6, 6, 6, 6];
  for (let b = 0; b < deals.boards; b++) {
    const part = deals.parts[d * deals.boards + b]!;
    holes[Math.floor(part / MM44_COLOURS)] = part % MM44_COLOURS;
  }
  return holes.reduce((a, v) => a * 7 + v, 0);
}

export function codeOf(index: number): Code {
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
