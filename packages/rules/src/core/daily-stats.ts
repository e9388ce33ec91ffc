import { DAILY_RULES } from './daily';

/** One finished daily attempt of a player: its puzzle number, and rows used when it broke the code. */
export interface DailyResult {
  n: number;
  /** rows used to break the code, or null when the attempt ran out of rows */
  guesses: number | null;
}

export interface DailyStats {
  played: number;
  /** whole percent, 0 when nothing was played */
  winPercent: number;
  /** consecutive puzzle numbers won up to today (or yesterday, while today is not played yet) */
  currentStreak: number;
  longestStreak: number;
  /** index i: attempts won in i+1 rows */
  distribution: number[];
  /** attempts that ran out of rows */
  lost: number;
}

/**
 * The statistics of a player's daily results, `today` being the puzzle number the player is on.
 * A streak counts consecutive puzzle numbers won: a number skipped or lost ends it. Today's
 * puzzle not played yet does not end it (there is still time), a lost one does.
 */
export function dailyStats(
  results: readonly DailyResult[],
  today: number,
  maxGuesses: number = DAILY_RULES.maxGuesses,
): DailyStats {
  const byNumber = new Map<number, DailyResult>();
  for (const r of results) byNumber.set(r.n, r);
  const won = (n: number): boolean => byNumber.get(n)?.guesses != null;

  let longest = 0;
  let run = 0;
  let previous: number | null = null;
  for (const n of [...byNumber.keys()].sort((a, b) => a - b)) {
    run = won(n) ? (previous !== null && n === previous + 1 && run > 0 ? run + 1 : 1) : 0;
    previous = n;
    longest = Math.max(longest, run);
  }

  let current = 0;
  let n = byNumber.has(today) ? today : today - 1;
  while (won(n)) {
    current++;
    n--;
  }

  const distribution = Array.from({ length: maxGuesses }, () => 0);
  let wins = 0;
  for (const r of byNumber.values()) {
    if (r.guesses === null) continue;
    wins++;
    if (r.guesses >= 1 && r.guesses <= maxGuesses) distribution[r.guesses - 1]! += 1;
  }
  const played = byNumber.size;
  return {
    played,
    winPercent: played === 0 ? 0 : Math.round((wins / played) * 100),
    currentStreak: current,
    longestStreak: longest,
    distribution,
    lost: played - wins,
  };
}
