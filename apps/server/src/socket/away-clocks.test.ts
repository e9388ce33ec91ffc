import { describe, expect, it } from 'vitest';
import { AwayClocks } from './away-clocks';
import type { LiveRoom } from '../rooms/live-room';

/** A room of three seats: a person in 0 and 1, seat 2 free. */
const room = (): LiveRoom =>
  ({
    seats: [
      { index: 0, tokenHash: 'a' },
      { index: 1, tokenHash: 'b' },
      { index: 2, tokenHash: null },
    ],
  }) as unknown as LiveRoom;

describe('AwayClocks', () => {
  it('counts from the first time a person is seen gone, and stops when they are back', () => {
    const clocks = new AwayClocks();
    const r = room();
    clocks.note(r, new Set([0, 1]), 1000);
    expect(clocks.awayFor(r, 1, 5000)).toBe(0);
    clocks.note(r, new Set([0]), 2000);
    clocks.note(r, new Set([0]), 3000);
    expect(clocks.awayFor(r, 1, 5000)).toBe(3000);
    clocks.note(r, new Set([0, 1]), 6000);
    expect(clocks.awayFor(r, 1, 7000)).toBe(0);
  });

  it('never runs for a free seat, and keeps each room apart', () => {
    const clocks = new AwayClocks();
    const a = room();
    const b = room();
    clocks.note(a, new Set(), 1000);
    expect(clocks.awayFor(a, 2, 9000)).toBe(0);
    expect(clocks.awayFor(a, 0, 9000)).toBe(8000);
    expect(clocks.awayFor(b, 0, 9000)).toBe(0);
  });
});
