import { createHash, randomBytes } from 'node:crypto';

/** `bytes` random bytes as base64url: 12 bytes → 16 chars (96 bits), 32 → 43 chars (256 bits). */
export const randomId = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** Room ids: 96 random bits, so a link cannot be guessed. */
export const newRoomId = (): string => randomId(12);
export const newMatchId = (): string => randomId(12);
/** Seat tokens: 256 random bits; only their hash is ever stored. */
export const newSeatToken = (): string => randomId(32);
/** Player ids: never sent to any client, 128 random bits. */
export const newPlayerId = (): string => randomId(16);
/** The seed a match's random setup folds from. */
export const newSeed = (): string => randomId(16);

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * A bot seat's seed for one match, which its choices follow from: the match's seed with the
 * seat, so two bots of a match choose apart and the match replays the same moves. Hashed
 * one-way because a dealt family's code follows from the match's seed too: what a bot holds
 * must not let it (or a slip in the solver) work the code out.
 */
export const botSeatSeed = (matchSeed: string, seat: number): string => hashToken(`bot seat ${seat}\n${matchSeed}`);
