import type { Lang, LastAction, Seat } from '../../core/family';
import { ranksByScore } from '../../core/outcome';
import type { Mm44BoardView, Mm44View } from './types';
import type { Mm44Seating } from './seatings';

/**
 * Master Mind 44's constants and the readings of its options that build no schema: what
 * `@mm/rules/pure` offers a client that paints a room without zod. The engine (mm44.ts) and
 * the schemas (types.ts) build on these.
 */

/** docs/rules.md §4: 5 holes, 6 colours, 4 colour counters of each colour; none of it is an option. */
export const MM44_HOLES = 5;
export const MM44_COLOURS = 6;
export const MM44_COUNTERS_PER_COLOUR = 4;

export { MM44_SEATINGS, type Mm44Seating } from './seatings';

/**
 * Who holds each board, by board index. With two boards each, boards alternate round the
 * table (seat 0 holds boards 0 and 2, seat 1 boards 1 and 3), so turns alternate between players.
 */
export function mm44Boards(seating: Mm44Seating): Seat[] {
  switch (seating) {
    case '4x1':
      return [0, 1, 2, 3];
    case '3x1':
      return [0, 1, 2];
    case '2x1':
      return [0, 1];
    case '2x2':
      return [0, 1, 0, 1];
  }
}

export const mm44SeatCount = (seating: Mm44Seating): number => new Set(mm44Boards(seating)).size;

/** The family's name in every language: its family object, the server's pages and pushes, and the web app read this one. */
export const mm44Name: Readonly<Record<Lang, string>> = { en: 'Master Mind 44', fr: 'Master Mind 44', de: 'Master Mind 44' };

/** Master Mind 44's `rank`: the winner (1 point) first, everyone else sharing the next place. */
export const mm44Rank = (scores: readonly number[]): number[] => ranksByScore(scores);

/**
 * The board that placed the latest row: rows are placed round the table from board 0 and a
 * board only ever stops playing, so round k gives every board still playing its k-th row, in
 * board order. The latest row is thus on the board with the most rows, the last such board.
 */
export function mm44LatestRow(view: Mm44View): { board: number; row: number } | null {
  let best: Mm44BoardView | null = null;
  for (const b of view.boards) if (b.rows.length > 0 && (!best || b.rows.length >= best.rows.length)) best = b;
  return best ? { board: best.board, row: best.rows.length } : null;
}

/** Where a Master Mind 44 latest action landed: a board's row, a call (and whether it was right), a pass. */
export type Mm44LastMove =
  | { kind: 'row'; seat: Seat; board: number; row: number }
  | { kind: 'call'; seat: Seat; correct: boolean }
  | { kind: 'pass'; seat: Seat };

/** Master Mind 44's `lastMove`, from the action's type and the view. */
export function mm44LastMove(view: Mm44View, last: Pick<LastAction, 'seat' | 'type'> | null): Mm44LastMove | null {
  if (!last) return null;
  switch (last.type) {
    case 'row': {
      const at = mm44LatestRow(view);
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
