import type { ReactionPreset, ReactionSender, RoomReaction } from '@mm/protocol/pure';
import { browserStore, KEYS, type KeyValueStore } from '../net/storage';

/** A reaction on screen now: who sent it (a seat, or 'watcher'), what, and whether this page sent it. */
export interface ShownReaction {
  id: number;
  from: ReactionSender;
  preset: ReactionPreset;
  mine: boolean;
}

/** How long a reaction stays on screen. */
export const SHOW_MS = 4000;
/** Watchers may be many: at most this many of their reactions show at once (the newest). */
const WATCHER_BUBBLES = 3;

/** The presets drawn as a picture; the others are words, in the page's language. */
export const REACTION_EMOJI: Partial<Record<ReactionPreset, string>> = {
  clap: '👏',
  wow: '😮',
  thinking: '🤔',
  phew: '😅',
};

export const reactionsMuted = (store: KeyValueStore = browserStore()): boolean => store.getItem(KEYS.reactionsMuted) === '1';

/**
 * The reactions one room page shows: each seat's newest for SHOW_MS, and the watchers' few newest.
 * Muting is this device's own choice (kept like the theme): the others' reactions are not shown,
 * and one's own still is, so a tap is seen to have gone.
 */
export class ReactionFeed {
  shown = $state.raw<ShownReaction[]>([]);
  muted = $state(false);

  readonly #store: KeyValueStore;
  readonly #showMs: number;
  #nextId = 0;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- pending timers, never rendered
  #timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(opts: { store?: KeyValueStore; showMs?: number } = {}) {
    this.#store = opts.store ?? browserStore();
    this.#showMs = opts.showMs ?? SHOW_MS;
    this.muted = reactionsMuted(this.#store);
  }

  /** Someone else's reaction, as the server passed it on. */
  receive(r: RoomReaction): void {
    if (!this.muted) this.#show(r.from, r.preset, false);
  }

  /** This page's own reaction, once the server took it (it is not sent back to its sender). */
  mine(from: ReactionSender, preset: ReactionPreset): void {
    this.#show(from, preset, true);
  }

  setMuted(on: boolean): void {
    this.muted = on;
    this.#store.setItem(KEYS.reactionsMuted, on ? '1' : '0');
    if (on) this.shown = this.shown.filter((r) => r.mine);
  }

  destroy(): void {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }

  #show(from: ReactionSender, preset: ReactionPreset, mine: boolean): void {
    const shown: ShownReaction = { id: ++this.#nextId, from, preset, mine };
    // A seat shows its newest reaction only; the watchers share a few places.
    let kept = from === 'watcher' ? this.shown : this.shown.filter((r) => r.from !== from);
    if (from === 'watcher') {
      const watchers = kept.filter((r) => r.from === 'watcher');
      if (watchers.length >= WATCHER_BUBBLES) kept = kept.filter((r) => r !== watchers[0]);
    }
    this.shown = [...kept, shown];
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.shown = this.shown.filter((r) => r.id !== shown.id);
    }, this.#showMs);
    this.#timers.add(timer);
  }
}
