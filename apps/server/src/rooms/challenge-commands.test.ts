import type { ErrorReply } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../db/memory-store';
import { RoomService, type Created } from './room-service';

function made(created: Created | ErrorReply): Created {
  if (!created.ok) throw new Error(`room not made: ${created.code} ${created.message}`);
  return created;
}

describe('a seat kept for a challenged friend', () => {
  /** Ann's duel with seat 1 kept for Bob until `expiresAt`, on a clock the test sets. */
  async function kept(expiresInMs: number) {
    const store = createMemoryStore();
    const clock = { now: new Date('2026-11-28T10:00:00Z') };
    const rooms = new RoomService(store, { secondMs: 1000 }, { now: () => clock.now });
    const bob = await store.ensurePlayer('bob-device');
    const { room } = made(await rooms.create('duel', {}, { deviceId: 'ann-device', playerId: null }, undefined, { name: 'Ann' }));
    const expiresAt = new Date(clock.now.getTime() + expiresInMs);
    const challenge = {
      id: 'c1',
      roomId: room.id,
      seat: 1,
      challengerId: 'ann',
      challengedId: bob,
      name: 'Bob',
      preset: 'duel-classic',
      expiresAt,
    };
    expect(await rooms.keepSeat(challenge)).toMatchObject({ ok: true });
    return { store, clock, rooms, roomId: room.id, creator: room.creatorPlayerId };
  }

  it('refuses anyone else a claim or a bot there, and lets the friend in', async () => {
    const { rooms, roomId, creator } = await kept(60_000);
    expect(await rooms.claim(roomId, 1, 'Cy', 'cy-device')).toMatchObject({ ok: false, code: 'SEAT_RESERVED' });
    expect(await rooms.claim(roomId, 1, 'Anon', null)).toMatchObject({ ok: false, code: 'SEAT_RESERVED' });
    expect(await rooms.seatBot(roomId, creator, 1)).toMatchObject({ ok: false, code: 'SEAT_RESERVED' });
    expect((await rooms.get(roomId))?.seats[1]?.name).toBeNull();
    expect(await rooms.claim(roomId, 1, 'Bob', 'bob-device')).toMatchObject({ ok: true });
  });

  it('expires only once its deadline has passed, then frees the seat', async () => {
    const { clock, rooms, roomId } = await kept(60_000);
    expect(await rooms.endChallenge(roomId, 'c1', 'expired')).toMatchObject({ ok: false, code: 'CHALLENGE_OVER' });
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await rooms.endChallenge(roomId, 'c1', 'expired')).toEqual({ ok: true });
    expect((await rooms.get(roomId))?.summary(new Set(), 0).challenge).toMatchObject({ status: 'expired', name: 'Bob' });
    expect(await rooms.claim(roomId, 1, 'Cy', 'cy-device')).toMatchObject({ ok: true });
    // Ended once: neither an accept nor another end changes it.
    expect(await rooms.acceptChallenge(roomId, 'c1', { deviceId: 'bob-device', playerId: 'x' }, 'Bob')).toMatchObject({
      ok: false,
    });
    expect(await rooms.endChallenge(roomId, 'c1', 'declined')).toMatchObject({ ok: false, code: 'CHALLENGE_OVER' });
  });

  it('counts the friend sitting down by the room link as accepting, so it never expires under them', async () => {
    const { clock, rooms, roomId } = await kept(60_000);
    expect(await rooms.claim(roomId, 1, 'Bob', 'bob-device')).toMatchObject({ ok: true });
    expect((await rooms.get(roomId))?.challenge?.status).toBe('accepted');
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await rooms.endChallenge(roomId, 'c1', 'expired')).toMatchObject({ ok: false, code: 'CHALLENGE_OVER' });
    expect((await rooms.get(roomId))?.seats[1]?.name).toBe('Bob');
  });

  it('expires once when two processes both try, and the other learns it', async () => {
    const { store, clock, rooms, roomId } = await kept(60_000);
    const there = new RoomService(store, { secondMs: 1000 }, { now: () => clock.now });
    await there.get(roomId);
    clock.now = new Date(clock.now.getTime() + 60_000);
    const both = await Promise.all([rooms.endChallenge(roomId, 'c1', 'expired'), there.endChallenge(roomId, 'c1', 'expired')]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toMatchObject([{ code: 'CHALLENGE_OVER' }]);
    for (const s of [rooms, there]) expect((await s.get(roomId))?.challenge?.status).toBe('expired');
  });
});
