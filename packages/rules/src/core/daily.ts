// The Code of the day's own rules (docs/rules.md §6.2): its code rules and its calendar. Pure:
// the clock is a parameter, so the server and the browser number days alike. How a day's code is
// derived from the server's secret is the server's (apps/server/src/daily/derive.ts).

/** Puzzle #1 is played on this local date; puzzle N on the (N−1)th day after it. */
export const FIRST_DAY = '2026-11-01';
/**
 * The family the Code of the day is played as (a one-seat race against the day's code): named here
 * only. Whether a room or match is a daily one is its own flag (`daily`, the puzzle number), never
 * read from its family and seat count: a one-seat race of a player's own is a race.
 */
export const DAILY_FAMILY = 'race';
/** The daily's code rules: 4 holes, 6 colours, repeats allowed, 10 guesses. */
export const DAILY_RULES = { pegs: 4, colours: 6, repeats: true, maxGuesses: 10 } as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const FIRST_DAY_MS = Date.parse(`${FIRST_DAY}T00:00:00Z`);
/** The earliest and latest civil time zones on Earth, in hours from UTC. */
const EARLIEST_OFFSET = -12;
const LATEST_OFFSET = 14;
/** Every civil offset from UTC in minutes (local time minus UTC), from the earliest zone to the latest. */
export const UTC_OFFSET_MINUTES = { min: EARLIEST_OFFSET * 60, max: LATEST_OFFSET * 60 } as const;

/** The puzzle number of a local calendar date `YYYY-MM-DD` (may be ≤ 0 before the first day). */
export function puzzleNumberOf(localDate: string): number {
  const ms = Date.parse(`${localDate}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(localDate) || Number.isNaN(ms)) throw new RangeError('not a YYYY-MM-DD date');
  return Math.round((ms - FIRST_DAY_MS) / DAY_MS) + 1;
}

/** The local calendar date on which puzzle `n` is played. */
export const dateOfPuzzle = (n: number): string => new Date(FIRST_DAY_MS + (n - 1) * DAY_MS).toISOString().slice(0, 10);

const numberAtOffset = (now: Date, offsetHours: number): number =>
  puzzleNumberOf(new Date(now.getTime() + offsetHours * HOUR_MS).toISOString().slice(0, 10));

/** The puzzle numbers that are somebody's today at `now` (one or two of them; three never). */
export function playableNumbers(now: Date): { min: number; max: number } {
  return { min: Math.max(1, numberAtOffset(now, EARLIEST_OFFSET)), max: numberAtOffset(now, LATEST_OFFSET) };
}

/** Whether puzzle `n` is today's date somewhere on Earth (UTC−12 to UTC+14) at `now`. */
export function isPlayable(n: number, now: Date): boolean {
  const { min, max } = playableNumbers(now);
  return Number.isInteger(n) && n >= min && n <= max;
}

/**
 * When puzzle `n` has ended everywhere: the end of its date at UTC−12, i.e. the next date at
 * 12:00 UTC. From then on its code and salt are public.
 */
export const revealTime = (n: number): Date => new Date(FIRST_DAY_MS + n * DAY_MS - EARLIEST_OFFSET * HOUR_MS);

export const isRevealed = (n: number, now: Date): boolean => now.getTime() >= revealTime(n).getTime();
