import type { Seat } from './status';

/**
 * Who holds a seat of the match that just ended: a person (even while a bot plays for them, away),
 * a bot of its own, or nobody.
 */
export type SeatHolder = 'person' | 'bot' | 'free';

/** Where a seat of the next match gets its holder from. */
export type SeatSource =
  /** the holder of that seat of the match that ended (a person, or a bot of its own), who moves here */
  | { from: Seat }
  /** a new bot of its own (the next game's preset seats it) */
  | { bot: true }
  /** nobody: anyone watching may take it */
  | { free: true };

/** What comes next at the table. */
export type NextMatch =
  /** "Play again": the same game, every holder one seat on */
  | { kind: 'rematch' }
  /** "Another game": `seatCount` seats, the preset's `bots` seats going to bots of their own */
  | { kind: 'another'; seatCount: number; bots: readonly Seat[] };

export interface NextSeating {
  /** the next match's seats, by index */
  seats: SeatSource[];
  /** seats of the match that ended whose person has no seat in the next one: they watch */
  unseated: Seat[];
}

/**
 * The seats of the next match at the same table, given who held each seat of the one that ended
 * (`previous`, by index).
 *
 * A rematch moves every holder one seat on (seat i → i + 1 mod N), so that the first codemaker
 * changes. Another game keeps the people in their order, seated in the seats the preset leaves to
 * people; those it has no seat for watch, and the bots of the match that ended leave (a preset
 * names its own). Nobody is seated twice, whatever the input.
 */
export function nextSeating(previous: readonly SeatHolder[], next: NextMatch): NextSeating {
  if (next.kind === 'rematch') {
    const n = previous.length;
    return {
      seats: previous.map((_, i) => {
        const from = (i - 1 + n) % n;
        return previous[from] === 'free' ? { free: true } : { from };
      }),
      unseated: [],
    };
  }
  if (!Number.isInteger(next.seatCount) || next.seatCount < 1)
    throw new RangeError(`seatCount must be a positive integer, got ${next.seatCount}`);
  const botSeats = new Set(next.bots.filter((s) => Number.isInteger(s) && s >= 0 && s < next.seatCount));
  const people = previous.flatMap((holder, i) => (holder === 'person' ? [i] : []));
  const waiting = [...people];
  const seats = Array.from({ length: next.seatCount }, (_, i): SeatSource => {
    if (botSeats.has(i)) return { bot: true };
    const from = waiting.shift();
    return from === undefined ? { free: true } : { from };
  });
  return { seats, unseated: waiting };
}
