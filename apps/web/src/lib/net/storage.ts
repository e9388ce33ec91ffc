import { isToken, randomToken } from './tokens';

/**
 * What the browser keeps between visits (localStorage), under stable keys:
 * - `mm.device`          anonymous device identity (128-bit base64url token)
 * - `mm.name`            the display name last used
 * - `mm.seat.<roomId>`   the secret token that holds a seat in that room
 * - `mm.lang`            the chosen language
 */
export const KEYS = {
  device: 'mm.device',
  name: 'mm.name',
  lang: 'mm.lang',
  seat: (roomId: string): string => `mm.seat.${roomId}`,
} as const;

/** The subset of the Storage API we use; tests pass a Map-backed fake. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage when it exists and works (private modes may throw), else memory. */
export function browserStore(): KeyValueStore {
  try {
    const ls = globalThis.localStorage;
    const probe = 'mm.probe';
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    return ls;
  } catch {
    return memoryStore();
  }
}

export function memoryStore(): KeyValueStore {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

/** The device token, created on first use. */
export function deviceToken(store: KeyValueStore): string {
  const existing = store.getItem(KEYS.device);
  if (isToken(existing)) return existing;
  const fresh = randomToken(16);
  store.setItem(KEYS.device, fresh);
  return fresh;
}

export function seatToken(store: KeyValueStore, roomId: string): string | undefined {
  const t = store.getItem(KEYS.seat(roomId));
  return isToken(t) ? t : undefined;
}

export function saveSeatToken(store: KeyValueStore, roomId: string, token: string): void {
  store.setItem(KEYS.seat(roomId), token);
}

export function forgetSeatToken(store: KeyValueStore, roomId: string): void {
  store.removeItem(KEYS.seat(roomId));
}

export const savedName = (store: KeyValueStore): string => store.getItem(KEYS.name) ?? '';
export const saveName = (store: KeyValueStore, name: string): void => store.setItem(KEYS.name, name);
