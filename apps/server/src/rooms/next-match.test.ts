import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../db/memory-store';
import { RoomService } from './room-service';

/** A duel of Ada (seat 0) and Bob (seat 1) played to its end through `rooms`. */
async function finishedDuel(rooms: RoomService): Promise<string> {
  const created = await rooms.create('duel', {});
  if (!created.ok) throw new Error(created.code);
  const roomId = created.room.id;
  expect((await rooms.claim(roomId, 0, 'Ada', null)).ok).toBe(true);
  expect((await rooms.claim(roomId, 1, 'Bob', null)).ok).toBe(true);
  const moves: [number, unknown][] = [
    [0, { type: 'setSecret', code: [0, 1, 2, 3] }],
    [1, { type: 'guess', code: [0, 1, 2, 3] }],
    [1, { type: 'setSecret', code: [5, 4, 3, 2] }],
    [0, { type: 'guess', code: [5, 4, 3, 2] }],
  ];
  for (const [i, [seat, action]] of moves.entries()) {
    expect(await rooms.act(roomId, seat, { actionId: `move-${i}-0000`, action })).toMatchObject({ ok: true });
  }
  expect((await rooms.get(roomId))?.status().finished).toBe(true);
  return roomId;
}

// On the in-memory storage: two services on one store are two server processes on one database.
describe('another game', () => {
  it('seats the people anew when a seat changed on another process after this one read them', async () => {
    const store = createMemoryStore();
    const here = new RoomService(store);
    const roomId = await finishedDuel(here);
    // Another process hands Bob's seat to a bot while he is away: memory here does not know it.
    const bob = (await store.loadSeats(roomId))[1]!;
    expect(await store.takeOverSeat(roomId, 1, bob.tokenHash!, 'easy')).toBe(true);
    expect((await here.get(roomId))?.seats[1]?.takenOver).toBe(false);

    expect(await here.another(roomId, 0, 'rotation-3')).toEqual({ ok: true, matchNumber: 2 });
    const room = await here.get(roomId);
    expect(room?.family.id).toBe('rotation');
    expect(room?.seats.map((s) => [s.name, s.tokenHash !== null, s.takenOver])).toEqual([
      ['Ada', true, false],
      ['Bob', true, true],
      [null, false, false],
    ]);
  });

  it("seats the preset's bots and refuses a pick once the next match began", async () => {
    const rooms = new RoomService(createMemoryStore());
    const roomId = await finishedDuel(rooms);
    const first = (await rooms.get(roomId))!.matchId;
    expect(await rooms.another(roomId, 1, 'duel-bot', first)).toEqual({ ok: true, matchNumber: 2 });
    expect((await rooms.get(roomId))?.seats.map((s) => [s.name, s.bot])).toEqual([
      ['Ada', false],
      ['Bot B', true],
    ]);
    // Bob had no seat left to people: he watches. A pick made in the old match is too late.
    expect(await rooms.another(roomId, 0, 'duel-classic', first)).toMatchObject({ ok: false, code: 'MATCH_CHANGED' });
    expect(await rooms.another(roomId, 0, 'duel-classic')).toMatchObject({ ok: false, code: 'MATCH_NOT_FINISHED' });
  });
});
