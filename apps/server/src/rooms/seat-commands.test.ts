import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore, type MemoryStore } from '../db/memory-store';
import type { ErrorReply } from '@mm/protocol';
import { RoomService, type Created } from './room-service';

/** The room made, or the test fails with the service's refusal. */
function made(created: Created | ErrorReply): Created {
  if (!created.ok) throw new Error(`room not made: ${created.code} ${created.message}`);
  return created;
}

/** A race of one seat, as the Code of the day plays it. */
const racingAlone = { players: 1, pegs: 4, colours: 6, repeats: true, blanks: false, guesses: 10, hard: false };

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
    const { room } = made(await here.create('duel', {}));
    await there.get(room.id);
    expect((await here.claim(room.id, 0, 'Ada', null)).ok).toBe(true);
    expect(await there.claim(room.id, 0, 'Bob', null)).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(there.cached(room.id)?.seats[0]).toMatchObject({ name: 'Ada' });
    // The seat is free in memory there no longer: the next claim is refused without a write.
    expect(await there.claim(room.id, 0, 'Bob', null)).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
  });

  it('refuses a bot in a seat another process filled, and learns who sits there', async () => {
    const { room } = made(await here.create('duel', {}, { deviceId: 'creator', playerId: 'creator' }));
    await there.get(room.id);
    expect((await here.claim(room.id, 1, 'Ada', null)).ok).toBe(true);
    expect(await there.seatBot(room.id, 'creator', 1)).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(there.cached(room.id)?.seats[1]).toMatchObject({ name: 'Ada', bot: false });
    expect(await there.seatBot(room.id, 'someone', 0)).toMatchObject({ ok: false, code: 'NOT_CREATOR' });
    expect(await there.seatBot(room.id, 'creator', 0)).toEqual({ ok: true });
    expect(await store.loadSeats(room.id)).toMatchObject([{ name: 'Bot A', bot: true }, { name: 'Ada' }]);
  });

  it('hands an away seat to a bot, refuses a stale takeover, and gives the seat back to its person', async () => {
    const { room } = made(await here.create('duel', {}, null, { bots: [], hints: false, takeOverAfterSec: 0 }));
    expect((await here.claim(room.id, 0, 'Ada', null)).ok).toBe(true);
    expect((await here.claim(room.id, 1, 'Bob', null)).ok).toBe(true);
    await there.get(room.id);
    const nobody = () => Promise.resolve({ connected: new Set<number>(), awayMs: () => 60_000 });
    expect(await here.takeOver(room.id, 1, 0, null, nobody, 1000)).toEqual({ ok: true });
    // The other process still believes Ada plays: its write loses, and it learns the bot plays.
    expect(await there.takeOver(room.id, 1, 0, null, nobody, 1000)).toMatchObject({ ok: false, code: 'NOT_AWAY' });
    expect(there.cached(room.id)?.seats[0]).toMatchObject({ bot: true, takenOver: true, name: 'Ada' });
    const tokenHash = there.cached(room.id)!.seats[0]!.tokenHash!;
    expect(await there.reclaim(room.id, 0, tokenHash)).toMatchObject({ announced: true });
    expect(await store.loadSeats(room.id)).toMatchObject([{ name: 'Ada', bot: false, takenOver: false }, { name: 'Bob' }]);
  });

  it('moves a merged player’s seats and room in every copy, and a join meets a merge whose seats have yet to follow', async () => {
    const { room } = made(await here.create('duel', {}, { deviceId: 'dev-ben', playerId: null }));
    const transport = { enter: () => Promise.resolve(null) };
    const ben = await here.join(room.id, { deviceId: 'dev-ben' }, null, { ...transport, claim: { seat: 0, name: 'Ben' } });
    const benToken = ben.ok ? ben.seatToken! : '';
    const benPlayer = here.cached(room.id)!.seats[0]!.playerId!;
    const other = made(await here.create('duel', {})).room;
    await here.join(other.id, { deviceId: 'dev-ben' }, null, { ...transport, claim: { seat: 1, name: 'Ben' } });
    const annPlayer = await store.ensurePlayer('dev-ann');
    await there.get(room.id);
    const heard: string[] = [];
    there.subscribe({ onChange: (r) => heard.push(r.seats[0]!.playerId ?? '') });

    // The merge is recorded, and Ben's device is Ann's: his token is hers to use before the seats follow.
    store.recordMerge(benPlayer, annPlayer);
    expect(await there.join(room.id, { deviceId: 'dev-ben' }, benToken, transport)).toMatchObject({ ok: true, seat: 0 });
    expect(there.cached(room.id)).toMatchObject({ creatorPlayerId: annPlayer });
    expect(heard).toContain(annPlayer);

    // Settling it moves what is left (the other room) and forgets it; this room's copy here follows when told.
    const told: string[] = [];
    await here.settleMerges((roomId) => told.push(roomId));
    expect(told).toEqual([other.id]);
    expect(here.cached(other.id)?.seats[1]?.playerId).toBe(annPlayer);
    expect(await store.pendingMerges()).toEqual([]);
    expect(here.cached(room.id)?.seats[0]?.playerId).toBe(benPlayer);
    await here.playerMerged(room.id, { from: benPlayer, into: annPlayer });
    expect(here.cached(room.id)).toMatchObject({
      creatorPlayerId: annPlayer,
      seats: [{ playerId: annPlayer }, { playerId: null }],
    });
    expect(await store.loadSeats(room.id)).toMatchObject([{ playerId: annPlayer, name: 'Ben' }, { playerId: null }]);
  });

  it("decides the seat of a join: by token, by the player holding it, a claim, and nothing for a token of another player's seat", async () => {
    const { room } = made(await here.create('duel', {}, null, { bots: [], hints: false, takeOverAfterSec: 0 }));
    const entered: (number | null)[] = [];
    const transport = { enter: (_room: unknown, seat: number | null) => (entered.push(seat), Promise.resolve(null)) };
    const ada = await here.join(room.id, { deviceId: 'dev-ada' }, null, { ...transport, claim: { seat: 1, name: 'Ada' } });
    expect(ada).toMatchObject({ ok: true, seat: 1, announced: true, seatToken: expect.any(String) });
    const token = ada.ok ? ada.seatToken! : '';
    // Another process: by token, by the device's player without one, and a watcher without either (the token alone is another player's).
    expect(await there.join(room.id, { deviceId: 'dev-ada' }, token, transport)).toMatchObject({
      ok: true,
      seat: 1,
      announced: false,
    });
    expect(await there.join(room.id, { deviceId: 'dev-ada' }, null, transport)).toMatchObject({ ok: true, seat: 1 });
    expect(await there.join(room.id, { deviceId: 'dev-bob' }, null, transport)).toMatchObject({ ok: true, seat: null });
    expect(await there.join(room.id, { deviceId: null }, token, transport)).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
    expect(entered).toEqual([1, 1, 1, null]);
    // Ada's token in the hands of another player's device is refused, and nothing is entered.
    await there.claim(room.id, 0, 'Bob', 'dev-bob');
    expect(await there.join(room.id, { deviceId: 'dev-bob' }, token, transport)).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
    expect(entered).toHaveLength(4);
    // Away long enough: a bot plays for Ada; her join gives the seat back, and the service announces it.
    const nobody = () => Promise.resolve({ connected: new Set<number>(), awayMs: () => 60_000 });
    expect(await there.takeOver(room.id, 0, 1, null, nobody, 1000)).toEqual({ ok: true });
    expect(await here.join(room.id, { deviceId: 'dev-ada' }, token, transport)).toMatchObject({
      ok: true,
      seat: 1,
      announced: true,
    });
    expect((await store.loadSeats(room.id))[1]).toMatchObject({ name: 'Ada', bot: false, takenOver: false });
    // The transport's refusal (a full crowd of watchers) is the join's answer.
    const full = { enter: () => Promise.resolve({ ok: false as const, code: 'SPECTATORS_FULL' as const, message: 'full' }) };
    expect(await here.join(room.id, { deviceId: 'dev-cy' }, null, full)).toMatchObject({ ok: false, code: 'SPECTATORS_FULL' });
    expect(await here.join('no-such-room', { deviceId: null }, null, transport)).toMatchObject({
      ok: false,
      code: 'ROOM_NOT_FOUND',
    });
  });

  it('opens a sealed room once: made, closed to watchers, its one seat taken by its player even after a crash between the steps', async () => {
    const options = racingAlone;
    const sealed = { roomId: 'daily-room-1', familyId: 'race', options, seed: 'seed', daily: 99_999 };
    const player = { deviceId: 'dev-ada', name: () => Promise.resolve('Ada') };
    // (a puzzle far from its reveal) A crash after the make, before the seat: the next open finishes the job.
    made(await here.create('race', options, null, undefined, undefined, { roomId: sealed.roomId, seed: 'seed', daily: 99_999 }));
    const { room, seat } = await there.openSealed(sealed, player, 'the-derived-token');
    expect(seat).toBe(0);
    expect(room.spectating).toBe(false);
    expect(await store.loadSeats(sealed.roomId)).toMatchObject([{ name: 'Ada', playerId: expect.any(String) }]);
    // Again, from the other process: the same room and seat, nothing claimed twice.
    expect((await here.openSealed(sealed, player, 'the-derived-token')).room.id).toBe(sealed.roomId);
    const joined = await here.join(sealed.roomId, { deviceId: null }, null, { enter: () => Promise.resolve(null) });
    expect(joined).toMatchObject({ ok: false, code: 'ROOM_SEALED' });
  });

  it("gives a deleted player's seats to a bot of their own where takeovers are allowed, frees the others, and announces it", async () => {
    const takeovers = made(await here.create('duel', {}, null, { bots: [], hints: false, takeOverAfterSec: 30 }));
    const plain = made(await here.create('duel', {}, { deviceId: 'dev-ada', playerId: null }));
    for (const room of [takeovers.room, plain.room]) {
      expect((await here.claim(room.id, 0, 'Ada', 'dev-ada')).ok).toBe(true);
      expect((await here.claim(room.id, 1, 'Bob', 'dev-bob')).ok).toBe(true);
    }
    const playerId = (await store.playerOfDevice('dev-ada'))!;
    const announced: string[] = [];
    there.subscribe({ onChange: (room) => void announced.push(room.id) });
    for (const room of [takeovers.room, plain.room]) await there.playerDeleted(room.id, { playerId, deviceIds: ['dev-ada'] });
    expect(await store.loadSeats(takeovers.room.id)).toMatchObject([
      { name: 'Bot A', bot: true, takenOver: false, tokenHash: null, playerId: null },
      { name: 'Bob' },
    ]);
    expect(await store.loadSeats(plain.room.id)).toMatchObject([{ name: null, bot: false, tokenHash: null }, { name: 'Bob' }]);
    expect(announced).toEqual([takeovers.room.id, plain.room.id]);
    // Another process holding the room applies the same deletion: nothing more changes, its memory catches up.
    await here.playerDeleted(plain.room.id, { playerId, deviceIds: ['dev-ada'] });
    expect(here.cached(plain.room.id)?.seats[0]).toMatchObject({ name: null, tokenHash: null });
  });

  it("answers a join that changes nothing from memory, and only while the seat is still the joiner's own", async () => {
    const { room } = made(await here.create('duel', {}, null, { bots: [], hints: false, takeOverAfterSec: 0 }));
    const claimed = await here.claim(room.id, 0, 'Ada', null);
    const seatToken = claimed.ok ? claimed.seatToken : null;
    const ada = { playerId: null, seatToken };
    expect(here.stillHeld(room.id, room.matchId, ada, 0)).toBe(room);
    expect(here.stillHeld(room.id, room.matchId, ada, 1)).toBeNull();
    expect(here.stillHeld(room.id, 'an-earlier-match', ada, 0)).toBeNull();
    expect(here.stillHeld(room.id, room.matchId, { playerId: null, seatToken: null }, null)).toBe(room);
    expect(there.stillHeld(room.id, room.matchId, ada, 0)).toBeNull(); // not in that process's memory
    // A bot plays for Ada: her join must go the whole way, to get the seat back.
    const nobody = () => Promise.resolve({ connected: new Set<number>(), awayMs: () => 60_000 });
    expect((await here.claim(room.id, 1, 'Bob', null)).ok).toBe(true);
    expect(await here.takeOver(room.id, 1, 0, null, nobody, 1000)).toEqual({ ok: true });
    expect(here.stillHeld(room.id, room.matchId, ada, 0)).toBeNull();
  });
});
