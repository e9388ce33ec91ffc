/**
 * Random identifiers the client makes itself: device tokens, action ids, seeds.
 * Always from crypto.getRandomValues, never Math.random.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding (RFC 4648 §5). */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/** `bytes` random bytes as base64url; 16 bytes (128 bits) give 22 characters. */
export function randomToken(bytes = 16): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return base64url(buf);
}

/** Same shape as the protocol's tokenSchema: 22–64 base64url characters (≥ 128 bits). */
export const isToken = (s: unknown): s is string => typeof s === 'string' && /^[A-Za-z0-9_-]{22,64}$/.test(s);

/** An id for one action, so that a resend is recognised and never applied twice. */
export const newActionId = (): string => randomToken(16);

/** A seed for the client-side random secret (rules' createRng takes any string). */
export const newSeed = (): string => randomToken(16);
