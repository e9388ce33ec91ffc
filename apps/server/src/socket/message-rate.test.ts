import { describe, expect, it } from 'vitest';
import { MessageRate } from './message-rate';

describe('MessageRate', () => {
  it('answers the first message over the rate, counts the rest for one summary, and opens a new window after it', () => {
    let now = 0;
    const rate = new MessageRate({ burst: 2, perSecond: 1, maxDropped: 100, strikeWindowMs: 10_000 }, () => now);
    const verdicts = Array.from({ length: 6 }, () => rate.check());
    expect(verdicts).toEqual(['pass', 'pass', 'refuse', 'drop', 'drop', 'drop']);
    expect(rate.summary()).toBe(3);
    expect(rate.summary()).toBe(0);
    expect(rate.check()).toBe('refuse');
    now += 1000;
    expect(rate.check()).toBe('pass');
  });

  it('closes a socket that keeps going over its rate, and forgives old drops', () => {
    let now = 0;
    const rate = new MessageRate({ burst: 1, perSecond: 1, maxDropped: 5, strikeWindowMs: 10_000 }, () => now);
    rate.check();
    for (let i = 0; i < 5; i++) expect(rate.check()).not.toBe('close');
    now += 10_001;
    rate.check(); // a token back
    for (let i = 0; i < 5; i++) expect(rate.check()).not.toBe('close');
    expect(rate.check()).toBe('close');
  });
});
