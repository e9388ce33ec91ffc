import { createHash, createHmac } from 'node:crypto';
import { dailyPreimage } from '@mm/protocol/pure';
import {
  DAILY_RULES,
  FIRST_DAY,
  dateOfPuzzle,
  isPlayable,
  isRevealed,
  playableNumbers,
  puzzleNumberOf,
  revealTime,
  houseSeed,
} from '@mm/rules';

export { DAILY_RULES, FIRST_DAY, dateOfPuzzle, isPlayable, isRevealed, playableNumbers, puzzleNumberOf, revealTime };

/**
 * The Code of the day, derived (docs/rules.md): pure functions of the server's daily secret,
 * the puzzle number and the clock, so every process agrees without talking to the others.
 */

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
      if (code.length === DAILY_RULES.pegs) return code;
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

/**
 * The seat token of the daily attempt played in `roomId`: derived rather than kept, so that any
 * device of the player can be handed it again (only its hash is stored, as for every seat). It
 * acts only together with a device of the seat's player (docs/architecture.md, Identity).
 */
export const dailySeatToken = (secret: string, roomId: string): string => hmac(secret, `seat:${roomId}`).toString('base64url');
