import type { MatchStatus, Seat } from '@mm/rules/pure';

/** Pure readings shared by every family's model (no i18n: keys only). */

export type SeatResult = 'win' | 'lose' | 'draw';

/** This seat's result once the match is over; null while it runs or for a spectator. */
export function resultFor(status: MatchStatus, seat: Seat | null): SeatResult | null {
  if (!status.finished || seat === null) return null;
  if (status.draw) return 'draw';
  return status.winners.includes(seat) ? 'win' : 'lose';
}
