// Who sits where, applied by the room and handed to storage: the rules decide the next match's
// seating (`nextSeating`); these turn that decision into the seats storage writes.
import { DEFAULT_BOT_STRENGTH, nextSeating, type BotStrength, type NextMatch, type Seat, type SeatHolder } from '@mm/rules';
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

/** A person holds the seat even while a bot plays it for them (their token stays with it). */
const holderOf = (seat: StoredSeat): SeatHolder => (seat.tokenHash !== null ? 'person' : seat.bot ? 'bot' : 'free');

/**
 * The seats of the next match (`next`: a rematch, or another game), as the rules seat them: a
 * holder who moves takes their token, device and player along; a bot of its own is named after
 * its new seat, a bot playing for a person keeps the person's name. A new bot plays at
 * `bots.strength`, seated `bots.at`. `seats`: the seats as read, by index.
 */
export function arrangeSeats(
  seats: readonly StoredSeat[],
  next: NextMatch,
  bots: { strength: BotStrength; at: Date } = { strength: DEFAULT_BOT_STRENGTH, at: new Date() },
): StoredSeat[] {
  const plan = nextSeating(
    seats.map((s) => holderOf(s)),
    next,
  );
  return plan.seats.map((source, index) => {
    if ('from' in source) {
      const from = seats[source.from] ?? emptySeat(index);
      return { ...from, index, name: from.bot && !from.takenOver ? botName(index) : from.name };
    }
    if ('bot' in source)
      return { ...emptySeat(index), name: botName(index), bot: true, botStrength: bots.strength, claimedAt: bots.at };
    return emptySeat(index);
  });
}

/** The seats of a rematch: every holder one seat on, so that the first codemaker changes. */
export const rotateSeats = (seats: readonly StoredSeat[]): StoredSeat[] => arrangeSeats(seats, { kind: 'rematch' });
