import { displayNameKey, seatLetter } from '@mm/protocol';

/** The longest name a seat shows (the protocol's displayNameSchema). */
const MAX_NAME = 24;

/**
 * The name a newly seated person shows: theirs, or — when another seat of the room already
 * shows a name that looks the same (displayNameKey: case, invisible characters and compatibility
 * forms aside) — theirs with the first free number after it ("Ann 2"). Suffixing rather than
 * refusing: two friends both called Ann still sit down at once, and everyone tells them apart.
 */
export function distinctSeatName(name: string, others: readonly (string | null)[]): string {
  const taken = new Set(others.filter((n): n is string => n !== null).map(displayNameKey));
  if (!taken.has(displayNameKey(name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${[...name]
      .slice(0, MAX_NAME - suffix.length)
      .join('')
      .trimEnd()}${suffix}`;
    if (!taken.has(displayNameKey(candidate))) return candidate;
  }
}

/**
 * The name of a person who sat down without giving one (a room's creator who left the field
 * empty): "Player A" by the seat's letter. Data like any name (the same to every reader, as a
 * bot's "Bot B" is); its holder may give their own later.
 */
export const defaultSeatName = (seat: number): string => `Player ${seatLetter(seat)}`;
