import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore, type MemoryStore } from '../db/memory-store';
import { RoomService } from './room-service';

// Two services on one in-memory store are two server processes on one database.
describe('seats decided by RoomService', () => {
  let store: MemoryStore;
  let here: RoomService;
  let there: RoomService;
  beforeEach(() => {
    store = createMemoryStore();
    here = new RoomService(store);
    there = new RoomService(store);
  });

  it('refuses a claim another process won, and learns who sits there', async () => {
    const { room } = await here.create('duel', {});
    await there.get(room.id);
    expect((await here.claim(room.id, 0, 'Ada', null)).ok).toBe(true);
    expect(await there.claim(room.id, 0, 'Bob', null)).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(there.cached(room.id)?.seats[0]).toMatchObject({ name: 'Ada' });
    // The seat is free in memory there no longer: the next claim is refused without a write.
    expect(await there.claim(room.id, 0, 'Bob', null)).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
  });

  it('refuses a bot in a seat another process filled, and learns who sits there', async () => {
    const { room } = await here.create('duel', {}, 'creator');
    await there.get(room.id);
    expect((await here.claim(room.id, 1, 'Ada', null)).ok).toBe(true);
    expect(await there.seatBot(room.id, 'creator', 1)).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(there.cached(room.id)?.seats[1]).toMatchObject({ name: 'Ada', bot: false });
    expect(await there.seatBot(room.id, 'someone', 0)).toMatchObject({ ok: false, code: 'NOT_CREATOR' });
    expect(await there.seatBot(room.id, 'creator', 0)).toEqual({ ok: true });
    expect(await store.loadSeats(room.id)).toMatchObject([{ name: 'Bot A', bot: true }, { name: 'Ada' }]);
  });

  it('hands an away seat to a bot, refuses a stale takeover, and gives the seat back to its person', async () => {
    const { room } = await here.create('duel', {}, null, { bots: [], hints: false, takeOverAfterSec: 0 });
    expect((await here.claim(room.id, 0, 'Ada', null)).ok).toBe(true);
    expect((await here.claim(room.id, 1, 'Bob', null)).ok).toBe(true);
    await there.get(room.id);
    const nobody = () => Promise.resolve(new Set<number>());
    expect(await here.takeOver(room.id, 1, 0, null, nobody, 1000)).toEqual({ ok: true });
    // The other process still believes Ada plays: its write loses, and it learns the bot plays.
    expect(await there.takeOver(room.id, 1, 0, null, nobody, 1000)).toMatchObject({ ok: false, code: 'NOT_AWAY' });
    expect(there.cached(room.id)?.seats[0]).toMatchObject({ bot: true, takenOver: true, name: 'Ada' });
    const tokenHash = there.cached(room.id)!.seats[0]!.tokenHash!;
    expect(await there.reclaim(room.id, 0, tokenHash)).toMatchObject({ announced: true });
    expect(await store.loadSeats(room.id)).toMatchObject([{ name: 'Ada', bot: false, takenOver: false }, { name: 'Bob' }]);
  });
});
