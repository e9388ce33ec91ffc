import { dealPreimage, secretPreimage, type Commitment } from '@mm/protocol';
import type { Code } from '@mm/rules';
import { createHash } from 'node:crypto';
import { randomId } from './tokens';

const sha256hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A commitment salt: 192 random bits, so nobody can try every secret against a hash. */
export const newSalt = (): string => randomId(24);

export const secretHash = (salt: string, code: Code): string => sha256hex(secretPreimage(salt, code));
export const dealHash = (salt: string, seed: string): string => sha256hex(dealPreimage(salt, seed));

export const secretCommitment = (seq: number, seat: number, salt: string, code: Code): Commitment => ({
  kind: 'secret',
  seq,
  seat,
  hash: secretHash(salt, code),
});
