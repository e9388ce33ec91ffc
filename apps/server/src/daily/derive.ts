import { createHash, createHmac } from 'node:crypto';
import { dailyPreimage } from '@mm/protocol/pure';
import { houseSeed } from '@mm/rules';

/**
 * The Code of the day, derived (docs/rules.md): pure functions of the server's daily secret,
 * the puzzle number and the clock, so every process agrees without talking to the others.
 */

/** Puzzle #1 is played on this local date; puzzle N on the (N−1)th day after it. */
export const FIRST_DAY = '2026-11-01';
/** The daily's code rules: 4 holes, 6 colours, repeats allowed, 10 guesses. */
export const DAILY_RULES = { holes: 4, colours: 6, repeats: true, maxGuesses: 10 } as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const FIRST_DAY_MS = Date.parse(`${FIRST_DAY}T00:00:00Z`);
/** The earliest and latest civil time zones on Earth, in hours from UTC. */
const EARLIEST_OFFSET = -12;
const LATEST_OFFSET = 14;

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

const hmac = (secret: string, message: string): Buffer => createHmac('sha256', secret).update(message, 'utf8').digest();

/**
 * The code of puzzle `n`: the bytes of HMAC-SHA256(secret, "code:" + n), then of
 * HMAC-SHA256(secret, previous bytes) if ever needed, read in order; a byte below 252 gives the
 * colour `byte mod 6` and a byte from 252 up is skipped, so every colour is equally likely.
 */
export function dailyCode(secret: string, n: number): number[] {
  const code: number[] = [];
  let block = hmac(secret, `code:${n}`);
  const limit = 256 - (256 % DAILY_RULES.colours);
  for (;;) {
    for (const byte of block) {
      if (byte >= limit) continue;
      code.push(byte % DAILY_RULES.colours);
      if (code.length === DAILY_RULES.holes) return code;
    }
    block = createHmac('sha256', secret).update(block).digest();
  }
}

/** The salt of puzzle `n`: HMAC-SHA256(secret, "salt:" + n) as lowercase hex. */
export const dailySalt = (secret: string, n: number): string => hmac(secret, `salt:${n}`).toString('hex');

/** The published commitment of puzzle `n`: sha256hex of `dailyPreimage(n, salt, code)` in UTF-8. */
export const dailyCommitment = (n: number, code: number[], salt: string): string =>
  createHash('sha256')
    .update(dailyPreimage(n, salt, code), 'utf8')
    .digest('hex');

/** Everything the server knows of puzzle `n`: never log it, never send it before the reveal. */
export function dailyPuzzle(secret: string, n: number): { n: number; code: number[]; salt: string; commitment: string } {
  const code = dailyCode(secret, n);
  const salt = dailySalt(secret, n);
  return { n, code, salt, commitment: dailyCommitment(n, code, salt) };
}

/**
 * The seed of a player's daily attempt, a one-seat race match: a house seed naming the day's code
 * (the race plays it; the match's own seed commitment and replay check still hold), with a nonce
 * per player and day so that no two attempts' seeds, and so no two seed commitments, are alike.
 */
export const dailySeed = (secret: string, n: number, playerId: string): string =>
  houseSeed(dailyCode(secret, n), hmac(secret, `seed:${n}:${playerId}`).toString('hex'));
