import { seatLetter } from '@mm/protocol';

/**
 * A bot's display name is data (like a person's name), not an interface string: "Bot A" for
 * seat 0, "Bot B" for seat 1 … by the seat letters the client shows.
 */
export const botName = (seat: number): string => `Bot ${seatLetter(seat)}`;
