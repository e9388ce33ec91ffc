import { describe, expect, it } from 'vitest';
import { RETRY_FIRST_MS, RETRY_MAX_MS, retryDelay } from './backoff';

describe('the wait before a failed duty is tried again', () => {
  it('starts at 250 ms, doubles, never passes 5 s, and is drawn between half and all of its ceiling', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 20].map((n) => retryDelay(n, () => 1));
    expect(ceilings).toEqual([RETRY_FIRST_MS, 500, 1000, 2000, 4000, RETRY_MAX_MS, RETRY_MAX_MS]);
    expect(retryDelay(1, () => 0)).toBe(RETRY_FIRST_MS / 2);
    expect(retryDelay(20, () => 0)).toBe(RETRY_MAX_MS / 2);
  });
});
