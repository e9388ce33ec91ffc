/** Seats as the server and every client name and hand them out (plain functions, no zod). */

/** The letter a seat is shown by, everywhere: A for seat 0, B for seat 1 … */
export const seatLetter = (seat: number): string => String.fromCharCode(65 + seat);

/**
 * The seat a room's creator who plays takes in `POST /api/rooms` (`sit`): the first one no bot
 * plays. Null when bots play every seat (the creator can only watch such a table).
 */
export function creatorSeat(seatCount: number, bots: readonly number[]): number | null {
  for (let seat = 0; seat < seatCount; seat++) if (!bots.includes(seat)) return seat;
  return null;
}
