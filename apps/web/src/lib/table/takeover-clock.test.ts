import { afterEach, describe, expect, it } from 'vitest';
import type { RoomSummary, SeatSummary } from '@mm/protocol';
import { TakeoverClock } from './takeover-clock.svelte';

const seat = (index: number, over: Partial<SeatSummary> = {}): SeatSummary => ({
  index,
  name: null,
  connected: false,
  bot: false,
  takenOver: false,
  botStrength: null,
  ...over,
});
const room = (bobConnected: boolean, takeOverAfterSec: number | null = 30) =>
  ({
    seats: [seat(0, { name: 'Ann', connected: true }), seat(1, { name: 'Bob', connected: bobConnected })],
    takeOverAfterSec,
    status: { finished: false },
  }) as Pick<RoomSummary, 'seats' | 'takeOverAfterSec' | 'status'>;

describe('TakeoverClock', () => {
  let clock: TakeoverClock | null = null;
  afterEach(() => clock?.destroy());

  it('counts down from when this phone saw the seat empty, and offers the takeover once it reaches zero', () => {
    let now = 1_000_000;
    clock = new TakeoverClock(() => now);
    clock.note(room(false), 0);
    expect(clock.wait(room(false), 1)).toBe(30);
    expect(clock.offer(room(false), 1, 0)).toBe(false);
    now += 29_000;
    clock.note(room(false), 0);
    expect(clock.wait(room(false), 1)).toBe(1);
    now += 1_000;
    clock.note(room(false), 0);
    expect(clock.wait(room(false), 1)).toBe(0);
    expect(clock.offer(room(false), 1, 0)).toBe(true);
  });

  it('starts again when the person comes back, and never counts for a seat that is not a candidate', () => {
    let now = 0;
    clock = new TakeoverClock(() => now);
    clock.note(room(false), 0);
    now += 40_000;
    clock.note(room(true), 0);
    expect(clock.wait(room(true), 1)).toBeNull();
    clock.note(room(false), 0);
    expect(clock.wait(room(false), 1)).toBe(30);
    // one's own seat, a connected seat, a room without takeovers: no countdown
    expect(clock.wait(room(false), 0)).toBeNull();
    clock.note(room(false, null), 0);
    expect(clock.wait(room(false, null), 1)).toBeNull();
  });
});
