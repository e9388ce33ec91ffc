import type { CodeRules, Seat } from '@mm/rules/pure';
import { MM44_COLOURS, MM44_HOLES, mm44Boards, type Mm44Seating } from '@mm/rules/families/mm44/pure';
import type { Mm44View } from '@mm/rules/families/mm44';

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
