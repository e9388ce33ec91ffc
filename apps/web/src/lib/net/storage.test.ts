import { describe, expect, it } from 'vitest';
import { deviceToken, forgetSeatToken, KEYS, memoryStore, saveSeatToken, seatToken } from './storage';

describe('storage', () => {
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
