import { outcomeOf, type MatchStatus, type Seat, type SeatOutcome } from '@mm/rules/pure';

/** A seat's result at the end of a match: the rules' outcome (`outcomeOf`, every family's `outcome`), read once for every table. */

/** What the result card shows: this phone's outcome, or `decided` for a spectator of a match with a winner. */
export type ResultOutcome = SeatOutcome | 'decided';

/** This seat's outcome once the match is over; null while it runs or for a spectator. */
export function resultFor(status: MatchStatus, seat: Seat | null): SeatOutcome | null {
  return status.finished && seat !== null ? outcomeOf(status, [seat]) : null;
}
