import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPlayer, KEYS, memoryStore, type KeyValueStore } from '../net/storage';
import { ReactionFeed, reactionsMuted } from './feed.svelte';

const at = 0;

describe('the reactions a room page shows', () => {
  let store: KeyValueStore;
  let feed: ReactionFeed;
  beforeEach(() => {
    vi.useFakeTimers();
    store = memoryStore();
    feed = new ReactionFeed({ store, showMs: 4000 });
  });
  afterEach(() => {
    feed.destroy();
    vi.useRealTimers();
  });

  const shown = () => feed.shown.map((r) => [r.from, r.preset, r.mine]);

  it("shows each seat's newest reaction for a while, then none", () => {
    feed.receive({ from: 1, preset: 'clap', at });
    feed.receive({ from: 2, preset: 'wow', at });
    vi.advanceTimersByTime(2000);
    feed.receive({ from: 1, preset: 'good-game', at });
    expect(shown()).toEqual([
      [2, 'wow', false],
      [1, 'good-game', false],
    ]);
    vi.advanceTimersByTime(2000);
    expect(shown()).toEqual([[1, 'good-game', false]]);
    vi.advanceTimersByTime(2000);
    expect(shown()).toEqual([]);
  });

  it("keeps the watchers' few newest reactions apart from the seats'", () => {
    for (const preset of ['clap', 'wow', 'thinking', 'phew'] as const) feed.receive({ from: 'watcher', preset, at });
    feed.receive({ from: 0, preset: 'nice', at });
    expect(shown()).toEqual([
      ['watcher', 'wow', false],
      ['watcher', 'thinking', false],
      ['watcher', 'phew', false],
      [0, 'nice', false],
    ]);
  });

  it("once muted, hides the others' reactions on this device and still shows its own", () => {
    feed.receive({ from: 1, preset: 'clap', at });
    feed.mine(0, 'hurry-up');
    feed.setMuted(true);
    expect(shown()).toEqual([[0, 'hurry-up', true]]);
    feed.receive({ from: 1, preset: 'wow', at });
    feed.mine(0, 'nice');
    expect(shown()).toEqual([[0, 'nice', true]]);

    // The choice is the device's: a new page starts muted, and "Delete me" keeps it like the theme.
    expect(reactionsMuted(store)).toBe(true);
    const again = new ReactionFeed({ store });
    expect(again.muted).toBe(true);
    again.destroy();
    forgetPlayer({
      length: 1,
      key: () => KEYS.reactionsMuted,
      removeItem: (k) => store.removeItem(k),
    });
    expect(reactionsMuted(store)).toBe(true);

    feed.setMuted(false);
    feed.receive({ from: 1, preset: 'wow', at });
    expect(shown()).toEqual([
      [0, 'nice', true],
      [1, 'wow', false],
    ]);
  });
});
