import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresenceCoalescer } from './presence-coalescer';

describe('PresenceCoalescer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('turns any number of changes of a room within the window into one flush at its end', () => {
    const flushed: string[] = [];
    const c = new PresenceCoalescer(250, (id) => flushed.push(id));
    for (let i = 0; i < 1000; i++) c.changed('a');
    c.changed('b');
    vi.advanceTimersByTime(249);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed.sort()).toEqual(['a', 'b']);
    // one second of a change every millisecond: four flushes of the room
    for (let ms = 0; ms < 1000; ms++) {
      c.changed('a');
      vi.advanceTimersByTime(1);
    }
    expect(flushed.filter((id) => id === 'a')).toHaveLength(1 + 4);
    c.close();
  });

  it('sends nothing once closed', () => {
    const flushed: string[] = [];
    const c = new PresenceCoalescer(250, (id) => flushed.push(id));
    c.changed('a');
    c.close();
    vi.advanceTimersByTime(1000);
    expect(flushed).toEqual([]);
    expect(c.size).toBe(0);
  });
});
