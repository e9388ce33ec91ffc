import { describe, expect, it } from 'vitest';
import { localStartsAt, secondsLeft } from './start-countdown';

describe('the countdown of a simultaneous start', () => {
  it('ends three seconds after the summary by this phone’s clock, however far off that clock is', () => {
    const start = { ready: [0, 1], startsAt: 1_000_003_000, now: 1_000_000_000 };
    expect(localStartsAt(start, 5_000)).toBe(8_000);
    expect(localStartsAt({ ...start, startsAt: null }, 5_000)).toBeNull();
  });

  it('shows 3, 2, 1 and then 0', () => {
    expect([0, 1, 999, 1000, 2500, 2999, 3000, 3500].map((t) => secondsLeft(3000, t))).toEqual([3, 3, 3, 2, 1, 1, 0, 0]);
  });
});
