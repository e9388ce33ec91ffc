import { describe, expect, it } from 'vitest';
import { actionIdSchema, tokenSchema } from '@mm/protocol';
import { base64url, isToken, newActionId, randomToken } from './tokens';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('base64url', () => {
  it('matches the RFC 4648 test vectors, without padding', () => {
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map((s) => base64url(bytes(s)))).toEqual([
      '',
      'Zg',
      'Zm8',
      'Zm9v',
      'Zm9vYg',
      'Zm9vYmE',
      'Zm9vYmFy',
    ]);
  });
  it('uses - and _ instead of + and /', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
  });
});

describe('random tokens', () => {
  it('carries 128 bits in 22 characters that the protocol accepts', () => {
    const t = randomToken();
    expect(t).toHaveLength(22);
    expect(tokenSchema.safeParse(t).success).toBe(true);
    expect(isToken(t)).toBe(true);
    expect(actionIdSchema.safeParse(newActionId()).success).toBe(true);
  });
  it('does not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => randomToken()));
    expect(seen.size).toBe(1000);
  });
  it('rejects what is not a token', () => {
    expect(isToken('short')).toBe(false);
    expect(isToken('a'.repeat(21))).toBe(false);
    expect(isToken('a+b/'.repeat(6))).toBe(false);
    expect(isToken(null)).toBe(false);
  });
});
