import type { CodeRules, MatchStatus, Seat } from '@mm/rules/pure';
import { MM44_COLOURS, MM44_HOLES, mm44Boards, type Mm44Seating } from '@mm/rules/families/mm44/pure';
import type { Mm44BoardView, Mm44View } from '@mm/rules/families/mm44';

/** Pure readings of a Master Mind 44 view (docs/rules.md §4) for the UI. */

/** A row or an answer row: 5 holes, 6 colours, any hole may stay empty, colours may repeat. */
export const ROW_RULES: CodeRules = { pegs: MM44_HOLES, colours: MM44_COLOURS, repeats: true, blanks: true };

/** Players and boards each of a seating ('2x2' → 2 players holding 2 boards each). */
export function seatingShape(seating: Mm44Seating): { players: number; boardsEach: number } {
  const holders = mm44Boards(seating);
  const players = new Set(holders).size;
  return { players, boardsEach: holders.length / players };
}

/** The boards `seat` holds, by index. */
export const boardsOf = (view: Mm44View, seat: Seat | null): number[] =>
  seat === null ? [] : view.boards.filter((b) => b.holder === seat).map((b) => b.board);

/**
 * The board that placed the latest row: rows are placed round the table from board 0 and a
 * board only ever stops playing, so round k gives every board still playing its k-th row, in
 * board order. The latest row is thus on the board with the most rows, the last such board.
 */
export function latestRowBoard(view: Mm44View): { board: number; row: number } | null {
  let best: Mm44BoardView | null = null;
  for (const b of view.boards) if (b.rows.length > 0 && (!best || b.rows.length >= best.rows.length)) best = b;
  return best ? { board: best.board, row: best.rows.length } : null;
}

export type LastPlayed =
  | { kind: 'row'; seat: Seat; board: number; row: number }
  | { kind: 'call'; seat: Seat; correct: boolean }
  | { kind: 'pass'; seat: Seat };

/** What the latest action was, from the snapshot's `last` (its kind says which) and the view. */
export function lastPlayed(view: Mm44View, last: { seat: Seat; type: string } | null): LastPlayed | null {
  if (!last) return null;
  switch (last.type) {
    case 'row': {
      const at = latestRowBoard(view);
      return at ? { kind: 'row', seat: last.seat, ...at } : null;
    }
    case 'call': {
      const call = view.calls[view.calls.length - 1];
      return call ? { kind: 'call', seat: call.seat, correct: call.correct } : null;
    }
    case 'pass':
      return { kind: 'pass', seat: last.seat };
    default:
      return null;
  }
}

import type { SeatResult } from '../shared/seat-result';
export type { SeatResult } from '../shared/seat-result';

export function resultFor(view: Mm44View, status: MatchStatus, seat: Seat | null): SeatResult | null {
  if (!status.finished || seat === null) return null;
  if (view.winner === null) return 'draw';
  return view.winner === seat ? 'win' : 'lose';
}
