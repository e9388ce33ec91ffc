import type { Code, Seat } from '@mm/rules/pure';

/**
 * Provably fair secrets (docs/architecture.md): while a match is played every snapshot
 * carries commitments — hashes only — to each secret set and, for a family that deals
 * from the match seed, to that seed. The salts are published once the match is finished,
 * so anyone can check that nothing was swapped. Hashing is left to each side (node:crypto
 * on the server, WebCrypto in the browser); the strings hashed are defined here, once.
 */
export type Commitment =
  /** `sha256hex(secretPreimage(salt, code))` of the setSecret accepted at `seq` from `seat` */
  | { kind: 'secret'; seq: number; seat: Seat; hash: string }
  /** `sha256hex(dealPreimage(salt, seed))` of the match seed the deal came from */
  | { kind: 'deal'; hash: string };

export const secretPreimage = (salt: string, code: Code): string => `${salt}:${JSON.stringify(code)}`;
export const dealPreimage = (salt: string, seed: string): string => `${salt}:${seed}`;

/**
 * The secret an action sets, or null: a `setSecret` (every family names it so), or a `timeout`
 * that carries a code (the random secret a codemaker who ran out of time gets, docs/rules.md §5),
 * which is committed to like any other secret.
 */
export function secretOf(action: unknown): Code | null {
  if (!action || typeof action !== 'object') return null;
  const a = action as { type?: unknown; code?: unknown };
  return (a.type === 'setSecret' || a.type === 'timeout') && Array.isArray(a.code) ? (a.code as Code) : null;
}

/**
 * The Code of the day (docs/rules.md): the commitment published for puzzle `n` is
 * `sha256hex(dailyPreimage(n, salt, code))`, hashed as UTF-8, e.g. puzzle 1, salt `ab` and
 * code `[0,5,5,2]` hash `daily:1:ab:[0,5,5,2]`. The puzzle number leads so that no commitment
 * of one day can be passed off as another's.
 */
export const dailyPreimage = (n: number, salt: string, code: Code): string => `daily:${n}:${salt}:${JSON.stringify(code)}`;
