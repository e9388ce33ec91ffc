import type { Seat } from '@mm/rules/pure';
import type { RaceBoardView, RaceView } from '@mm/rules/families/race';

/** Pure readings of a race's view for its table (whose turn it is comes from the rules' status). */

/** The seats in the order of their places (ties in seat order); seats still racing last, in seat order. */
export function ranking(view: RaceView): RaceBoardView[] {
  return [...view.boards].sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity) || a.seat - b.seat);
}

/** What was just played: a guess or a row lost to the timer, by whom, on which row of its board. */
export interface RaceLast {
  seat: Seat;
  kind: 'guess' | 'timeout';
  row: number;
}

export function lastPlayed(view: RaceView, last: { seat: Seat; type: string } | null): RaceLast | null {
  if (!last) return null;
  const board = view.boards[last.seat];
  if (!board) return null;
  return { seat: last.seat, kind: last.type === 'timeout' ? 'timeout' : 'guess', row: board.used };
}

/** The board this phone plays (null for a spectator). */
export const ownBoard = (view: RaceView, seat: Seat | null): RaceBoardView | null =>
  seat === null ? null : (view.boards[seat] ?? null);
