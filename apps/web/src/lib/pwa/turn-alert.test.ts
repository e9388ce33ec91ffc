import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../net/storage';
import { attention, setSound, soundOn, TurnAlert } from './turn-alert.svelte';

/** A page whose visibility the test sets, as a phone locking and unlocking would. */
class FakeDocument extends EventTarget {
  visibilityState: 'visible' | 'hidden' = 'visible';
  show(state: 'visible' | 'hidden'): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

describe('the turn alert of a page in the background', () => {
  let doc: FakeDocument;
  let vibrations: number[][];
  let sounds: number;
  let alert: TurnAlert;

  beforeEach(() => {
    doc = new FakeDocument();
    vibrations = [];
    sounds = 0;
    const store = memoryStore();
    vi.stubGlobal('document', doc);
    vi.stubGlobal('navigator', { vibrate: (p: number[]) => vibrations.push(p) });
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.getItem(k),
      setItem: (k: string, v: string) => store.setItem(k, v),
      removeItem: () => {},
    });
    vi.stubGlobal(
      'AudioContext',
      class {
        currentTime = 0;
        destination = {};
        constructor() {
          sounds++;
        }
        createOscillator() {
          return { frequency: {}, connect: (g: unknown) => g, start() {}, stop() {}, onended: null };
        }
        createGain() {
          return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d: unknown) => d };
        }
        close() {}
      },
    );
    alert = new TurnAlert();
  });
  afterEach(() => {
    alert.destroy();
    vi.unstubAllGlobals();
  });

  it('marks the title and vibrates when a turn begins while the page is hidden, until the page is seen', () => {
    alert.note(false);
    doc.show('hidden');
    alert.note(true);
    expect(attention.waiting).toBe(true);
    expect(vibrations).toHaveLength(1);
    expect(sounds).toBe(0); // the sound is off by default
    alert.note(true); // the same turn goes on: no second alert
    expect(vibrations).toHaveLength(1);
    doc.show('visible');
    expect(attention.waiting).toBe(false);
  });

  it('stays quiet for a turn that begins in front of the person, and clears when the turn passes', () => {
    alert.note(true);
    expect(attention.waiting).toBe(false);
    expect(vibrations).toHaveLength(0);
    alert.note(false);
    doc.show('hidden');
    alert.note(true);
    expect(attention.waiting).toBe(true);
    alert.note(false); // someone else played it (a timeout, a takeover)
    expect(attention.waiting).toBe(false);
  });

  it('plays the sound only once the person turned it on', () => {
    const store = memoryStore();
    expect(soundOn(store)).toBe(false);
    setSound(true, store);
    expect(soundOn(store)).toBe(true);
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.getItem(k), setItem: () => {}, removeItem: () => {} });
    doc.show('hidden');
    alert.note(true);
    expect(sounds).toBe(1);
  });
});
