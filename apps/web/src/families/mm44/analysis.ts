import type { Code } from '@mm/rules/pure';
import type { Mm44Answer, Mm44Part, Mm44Peg, Mm44View } from '@mm/rules/families/mm44';
import { mm44Codes, mm44Deals, mm44Exclude, mm44Filter, mm44NextRow, type Mm44Deals } from '@mm/solver';
import type { FamilyAnalysis, RowVerdict } from '../../lib/replay/analysis';

/** What an MM44 row is judged against: the position its placer saw, all public but its own parts. */
export interface Mm44RowInput {
  boards: number;
  /** the placer's own parts (both, when one player holds two boards) */
  own: { board: number; part: Mm44Part }[];
  /** every row placed before this one, on any board, with its public answers */
  earlier: { code: Code; answers: Mm44Answer[] }[];
  /** wrong "Master Mind!" calls made before this row (public) */
  wrongCalls: Code[];
  board: number;
  answers: Mm44Answer[];
}

function dealsOf(input: Mm44RowInput): Mm44Deals {
  let deals = mm44Deals(input.boards, input.own);
  for (const r of input.earlier) deals = mm44Filter(deals, r.code, r.answers);
  for (const c of input.wrongCalls) deals = mm44Exclude(deals, c);
  return deals;
}

const PEGS: readonly Mm44Peg[] = ['black', 'white', null];

/**
 * Hidden codes expected to remain once the other boards answer `row` placed by `board`:
 * the solver's measure (`mm44NextRow`'s `expectedCodes`) — Σ over the answer patterns of
 * the pattern's chance × the number of codes its deals make.
 */
export function mm44ExpectedCodes(deals: Mm44Deals, board: number, row: Code): number {
  const answering = Array.from({ length: deals.boards }, (_, b) => b).filter((b) => b !== board);
  let total = 0;
  for (let d = 0; d < deals.count; d++) total += deals.weights[d]!;
  if (total === 0) return 0;
  let sum = 0;
  const patterns = PEGS.length ** answering.length;
  for (let k = 0; k < patterns; k++) {
    let x = k;
    const answers = answering.map((b) => {
      const peg = PEGS[x % PEGS.length]!;
      x = Math.floor(x / PEGS.length);
      return { board: b, peg };
    });
    const part = mm44Filter(deals, row, answers);
    if (part.count === 0) continue;
    let w = 0;
    for (let d = 0; d < part.count; d++) w += part.weights[d]!;
    sum += w * mm44Codes(part).length;
  }
  return sum / total;
}

/** Judges one MM44 row over the deals its placer could still hold possible. */
export function mm44RowVerdict(input: Mm44RowInput, code: Code): RowVerdict {
  const before = dealsOf(input);
  const after = mm44Filter(before, code, input.answers);
  const rowExpected = mm44ExpectedCodes(before, input.board, code);
  let suggestion: Code = code;
  let suggestionExpected = rowExpected;
  if (before.count > 0) {
    const choice = mm44NextRow(before, input.board);
    // a hill climb may miss what the player found: never suggest worse than the row itself
    if (choice.expectedCodes < rowExpected - 1e-9) {
      suggestion = choice.row;
      suggestionExpected = choice.expectedCodes;
    }
  }
  // counted in codes, like the expected values: deals that differ only in who holds which part make the same code
  return {
    unit: 'codes',
    before: mm44Codes(before).length,
    after: mm44Codes(after).length,
    consistent: null,
    rowExpected,
    suggestion,
    suggestionExpected,
  };
}

/** The position row `i` of `board` was placed in, read from the view before it (`before`) and after (`view`). */
export function mm44RowInput(board: number, i: number, view: Mm44View, before: Mm44View): Mm44RowInput {
  const holder = before.boards[board]?.holder;
  return {
    boards: before.boards.length,
    own: before.boards.flatMap((b) => (b.holder === holder && b.part ? [{ board: b.board, part: b.part }] : [])),
    earlier: before.boards.flatMap((b) => b.rows.map((r) => ({ code: r.code, answers: r.answers }))),
    wrongCalls: before.calls.filter((c) => !c.correct).map((c) => c.code),
    board,
    answers: view.boards[board]!.rows[i]!.answers,
  };
}

/**
 * Every board is a track of one round; a row is judged over the deals its placer could still
 * hold possible: its own parts, every row and wrong call before it (all public but the parts).
 */
export const mm44Analysis: FamilyAnalysis = {
  tracks: (view) =>
    (view as Mm44View).boards.map((b) => ({
      round: 0,
      track: b.board,
      rows: b.rows.map((row) => ({ seat: b.holder, code: row.code })),
    })),
  input(track, i, view, before) {
    const input = mm44RowInput(track.track, i, view as Mm44View, before as Mm44View);
    return { kind: 'own', judge: (code) => mm44RowVerdict(input, code) };
  },
  unit: 'deals',
  roundTitle: () => '',
  rowTitle: (r, nameOf, t) => t('mm44.analysis.rowOfBoard', { board: r.track + 1, n: r.n, name: nameOf(r.seat) }),
};
