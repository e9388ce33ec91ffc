import { describe, expect, it } from 'vitest';
import { deviceToken, forgetPlayer, forgetSeatToken, KEYS, memoryStore, saveSeatToken, seatToken } from './storage';

describe('storage', () => {
  it('forgets everything of a deleted player but the browser’s language and theme', () => {
    const kept = new Map<string, string>();
    const store = {
      get length() {
        return kept.size;
      },
      key: (i: number) => [...kept.keys()][i] ?? null,
      removeItem: (k: string) => void kept.delete(k),
    };
    for (const k of [KEYS.device, KEYS.name, KEYS.lang, KEYS.theme, KEYS.seat('room12345678'), 'other.app']) kept.set(k, 'x');
    forgetPlayer(store);
    expect([...kept.keys()].sort()).toEqual([KEYS.lang, KEYS.theme, 'other.app'].sort());
  });
  it('creates the device token once and keeps it', () => {
    const store = memoryStore();
    const a = deviceToken(store);
    expect(store.getItem('mm.device')).toBe(a);
    expect(deviceToken(store)).toBe(a);
  });
  it('replaces a device token that is not a valid token', () => {
    const store = memoryStore();
    store.setItem(KEYS.device, 'garbage');
    expect(deviceToken(store)).not.toBe('garbage');
  });
  it('keeps one seat token per room under mm.seat.<roomId>', () => {
    const store = memoryStore();
    const token = 'A'.repeat(22);
    saveSeatToken(store, 'room12345678', token);
    expect(store.getItem('mm.seat.room12345678')).toBe(token);
    expect(seatToken(store, 'room12345678')).toBe(token);
    expect(seatToken(store, 'otherroom123')).toBeUndefined();
    forgetSeatToken(store, 'room12345678');
    expect(seatToken(store, 'room12345678')).toBeUndefined();
  });
});
