import type { Seat } from '@mm/rules/pure';
import type { RaceBoardView, RaceView } from '@mm/rules/families/race';

/** Pure readings of a race's view for its table (whose turn it is comes from the rules' status). */

/** The seats in the order of their places (ties in seat order); seats still racing last, in seat order. */
export function ranking(view: RaceView): RaceBoardView[] {
  return [...view.boards].sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity) || a.seat - b.seat);
}

/** The board this phone plays (null for a spectator). */
export const ownBoard = (view: RaceView, seat: Seat | null): RaceBoardView | null =>
  seat === null ? null : (view.boards[seat] ?? null);
