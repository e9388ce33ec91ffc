import { puzzleNumberOf } from '@mm/rules/pure';

/** The calendar date where the player is, `YYYY-MM-DD` (the device's own time zone). */
export function localDate(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Today's puzzle number for the player: it follows their own local date, as Wordle's does, so
 * two players far apart may be on different numbers for a few hours (docs/rules.md, the Code of the day).
 */
export const todaysPuzzle = (now: Date = new Date()): number => puzzleNumberOf(localDate(now));
