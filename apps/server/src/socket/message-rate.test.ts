import { describe, expect, it } from 'vitest';
import { MessageRate } from './message-rate';

const JOINS = { joinBurst: 10, joinsPerMinute: 6, reactionBurst: 3, reactionsPer10s: 3 };

describe('MessageRate', () => {
  it('answers the first message over the rate, counts the rest for one summary, and opens a new window after it', () => {
    let now = 0;
    const rate = new MessageRate({ ...JOINS, burst: 2, perSecond: 1, maxDropped: 100, strikeWindowMs: 10_000 }, () => now);
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
    const rate = new MessageRate({ ...JOINS, burst: 1, perSecond: 1, maxDropped: 5, strikeWindowMs: 10_000 }, () => now);
    rate.check();
    for (let i = 0; i < 5; i++) expect(rate.check()).not.toBe('close');
    now += 10_001;
    rate.check(); // a token back
    for (let i = 0; i < 5; i++) expect(rate.check()).not.toBe('close');
    expect(rate.check()).toBe('close');
  });

  it('lets a socket join a few times a minute, whatever its message rate, and takes back a join that cost nothing', () => {
    let now = 0;
    const rate = new MessageRate(
      { ...JOINS, burst: 30, perSecond: 10, maxDropped: 100, strikeWindowMs: 10_000, joinBurst: 3, joinsPerMinute: 6 },
      () => now,
    );
    expect([rate.join(), rate.join(), rate.join(), rate.join()]).toEqual([true, true, true, false]);
    // Messages are still let through: only joins are spent.
    expect(rate.check()).toBe('pass');
    now += 9_000;
    expect(rate.join()).toBe(false);
    now += 1_000;
    expect(rate.join()).toBe(true);
    rate.refundJoin();
    expect(rate.join()).toBe(true);
    expect(rate.join()).toBe(false);
  });

  it('lets a socket react a few times per 10 s, whatever its message rate, and refills one at a time', () => {
    let now = 0;
    const rate = new MessageRate({ ...JOINS, burst: 30, perSecond: 10, maxDropped: 100, strikeWindowMs: 10_000 }, () => now);
    expect([rate.react(), rate.react(), rate.react(), rate.react()]).toEqual([true, true, true, false]);
    // Messages and joins are still let through: only reactions are spent.
    expect(rate.check()).toBe('pass');
    expect(rate.join()).toBe(true);
    now += 3_000;
    expect(rate.react()).toBe(false);
    now += 400;
    expect([rate.react(), rate.react()]).toEqual([true, false]);
  });
});
