// Who sits where, decided by the room and handed to storage: pure functions of the seats.
import { DEFAULT_BOT_STRENGTH, type Seat } from '@mm/rules';
import { botName } from '../bots/names';
import type { StoredSeat } from '../db/store';

/** A seat nobody holds. */
export const emptySeat = (index: Seat): StoredSeat => ({
  index,
  name: null,
  tokenHash: null,
  deviceId: null,
  playerId: null,
  bot: false,
  takenOver: false,
  botStrength: DEFAULT_BOT_STRENGTH,
  claimedAt: null,
});

/** The bots a new room starts with, each named after its seat. */
export const namedBots = (seats: readonly Seat[]): { seat: Seat; name: string }[] =>
  seats.map((seat) => ({ seat, name: botName(seat) }));

/**
 * The seats of a rematch: every holder (a person with their token and device, or a bot) one seat
 * on, seat i → i + 1 mod N, so that the first codemaker changes. A bot of its own is named after
 * its new seat; a bot playing for a person keeps the person's name.
 */
export function rotateSeats(seats: readonly StoredSeat[]): StoredSeat[] {
  const n = seats.length;
  return seats.map((seat, i) => {
    const from = seats[(i - 1 + n) % n] ?? seat;
    return { ...from, index: seat.index, name: from.bot && !from.takenOver ? botName(seat.index) : from.name };
  });
}
