import type { MatchStatus, Seat } from '@mm/rules/pure';

/** A seat's result at the end of a match, read the same way for every family that ranks by the status. */

export type SeatResult = 'win' | 'lose' | 'draw';

/** What the result card shows: this phone's result, or `decided` for a spectator of a match with a winner. */
export type ResultOutcome = SeatResult | 'decided';

/** This seat's result once the match is over; null while it runs or for a spectator. */
export function resultFor(status: MatchStatus, seat: Seat | null): SeatResult | null {
  if (!status.finished || seat === null) return null;
  if (status.draw) return 'draw';
  return status.winners.includes(seat) ? 'win' : 'lose';
}
