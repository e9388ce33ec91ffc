import { browserStore, type KeyValueStore } from '../net/storage';

/** The page's own "your turn" while it is in the background: the title says so until it is looked at. */
export const attention = $state({ waiting: false });

const SOUND_KEY = 'mm.sound';

/** The optional turn sound, off until the person turns it on. */
export const soundOn = (store: KeyValueStore = browserStore()): boolean => store.getItem(SOUND_KEY) === '1';
export const setSound = (on: boolean, store: KeyValueStore = browserStore()): void => store.setItem(SOUND_KEY, on ? '1' : '0');

function beep(): void {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
    osc.onended = () => void ctx.close();
  } catch {
    // no audio here (or not allowed without a tap): the title and the vibration still tell
  }
}

/**
 * Watches one seat's turn in one room: when its turn begins while the page is hidden, the title
 * shows it, the phone vibrates where it can, and the sound plays if the person turned it on.
 */
export class TurnAlert {
  #wasMine = false;
  readonly #onVisible = (): void => {
    if (document.visibilityState === 'visible') attention.waiting = false;
  };

  constructor() {
    document.addEventListener('visibilitychange', this.#onVisible);
  }

  note(mine: boolean): void {
    if (mine && !this.#wasMine && document.visibilityState === 'hidden') {
      attention.waiting = true;
      navigator.vibrate?.([120, 60, 120]);
      if (soundOn()) beep();
    }
    if (!mine) attention.waiting = false;
    this.#wasMine = mine;
  }

  destroy(): void {
    document.removeEventListener('visibilitychange', this.#onVisible);
    attention.waiting = false;
  }
}
