import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore, type MemoryStore } from '../db/memory-store';
import type { RoomStorage } from '../db/store';
import type { ErrorReply } from '@mm/protocol';
import { RoomService, type Created } from './room-service';

/** The room made, or the test fails with the service's refusal. */
function made(created: Created | ErrorReply): Created {
  if (!created.ok) throw new Error(`room not made: ${created.code} ${created.message}`);
  return created;
}

/** The store, with a count of the calls the room service makes on it. */
function counted(store: RoomStorage): { store: RoomStorage; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const proxy = new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.set(String(key), (calls.get(String(key)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls };
}

// On the in-memory storage: two services on one store are two server processes on one database.
describe('RoomService.act on the log', () => {
  let store: MemoryStore;
  beforeEach(() => {
    store = createMemoryStore();
  });

  const act = (rooms: RoomService, roomId: string, seat: number, actionId: string, action: unknown, expectSeq?: number) =>
    rooms.act(roomId, seat, { actionId, action, ...(expectSeq === undefined ? {} : { expectSeq }) });

  async function seatedRoom(rooms: RoomService): Promise<string> {
    const { room } = made(await rooms.create('duel', { repeats: true }));
    expect((await rooms.claim(room.id, 0, 'Ada', null)).ok).toBe(true);
    expect((await rooms.claim(room.id, 1, 'Bob', null)).ok).toBe(true);
    return room.id;
  }

  it('writes each accepted action once and reads nothing back on the common path', async () => {
    const { store: watched, calls } = counted(store);
    const rooms = new RoomService(watched);
    const roomId = await seatedRoom(rooms);
    calls.clear();
    expect(await act(rooms, roomId, 0, 'a1', { type: 'setSecret', code: [1, 2, 3, 4] }, 0)).toEqual({ ok: true, seq: 1 });
    expect(await act(rooms, roomId, 1, 'a2', { type: 'guess', code: [0, 0, 0, 0] }, 1)).toEqual({ ok: true, seq: 2 });
    expect(await act(rooms, roomId, 1, 'a3', { type: 'guess', code: [1, 1, 1, 1] })).toEqual({ ok: true, seq: 3 });
    expect(Object.fromEntries(calls)).toEqual({ appendAction: 3 });
    // A resend is known from memory: no write either.
    expect(await act(rooms, roomId, 1, 'a3', { type: 'guess', code: [1, 1, 1, 1] })).toMatchObject({
      ok: false,
      code: 'DUPLICATE_ACTION',
      seq: 3,
    });
    expect(Object.fromEntries(calls)).toEqual({ appendAction: 3 });
  });

  it('reads the log when another process took the seq, and judges the action again on the fresher state', async () => {
    const here = counted(store);
    const rooms = new RoomService(here.store);
    const other = new RoomService(store); // another server process on the same database
    const roomId = await seatedRoom(rooms);
    expect((await act(rooms, roomId, 0, 's', { type: 'setSecret', code: [1, 2, 3, 4] })).ok).toBe(true);
    expect(await act(other, roomId, 1, 'g-there', { type: 'guess', code: [0, 0, 0, 0] })).toEqual({ ok: true, seq: 2 });
    here.calls.clear();
    // Memory here is at seq 1: the append at 2 loses, the log is read, and the guess lands at 3.
    expect(await act(rooms, roomId, 1, 'g-here', { type: 'guess', code: [2, 2, 2, 2] })).toEqual({ ok: true, seq: 3 });
    expect(Object.fromEntries(here.calls)).toEqual({ appendAction: 2, actionsSince: 1 });
    const log = await store.actionsSince((await rooms.get(roomId))!.matchId, 0);
    expect(log.map((a) => a.actionId)).toEqual(['s', 'g-there', 'g-here']);
  });

  it('lets joins that wait for the same room share one refresh, and still sees what another process committed before them', async () => {
    const here = counted(store);
    const rooms = new RoomService(here.store);
    const other = new RoomService(store);
    const roomId = await seatedRoom(rooms);
    await rooms.get(roomId);
    expect((await act(other, roomId, 0, 's', { type: 'setSecret', code: [1, 2, 3, 4] })).ok).toBe(true);
    here.calls.clear();
    // A move in the queue, then a crowd of re-joins behind it: one refresh reads the store for all of them.
    const move = act(rooms, roomId, 1, 'g', { type: 'guess', code: [0, 0, 0, 0] });
    const joins = Array.from({ length: 200 }, () => rooms.refresh(roomId));
    expect(await move).toEqual({ ok: true, seq: 2 });
    const seen = await Promise.all(joins);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]!.seq).toBe(2);
    expect(here.calls.get('loadSeats')).toBe(1);
    // A join after that refresh began gets a refresh of its own, which sees the other process's later move.
    expect((await act(other, roomId, 1, 'g2', { type: 'guess', code: [5, 5, 5, 5] })).ok).toBe(true);
    expect((await rooms.refresh(roomId))!.seq).toBe(3);
    expect(here.calls.get('loadSeats')).toBe(2);
  });

  it('reads the log before refusing what a fresher state might accept, and only then', async () => {
    const here = counted(store);
    const rooms = new RoomService(here.store);
    const other = new RoomService(store);
    const roomId = await seatedRoom(rooms);
    await rooms.get(roomId); // loaded here before the secret exists
    expect((await act(other, roomId, 0, 's', { type: 'setSecret', code: [1, 2, 3, 4] })).ok).toBe(true);
    here.calls.clear();
    // Memory here has no secret yet, so the rules refuse the guess; the log has it: accepted.
    expect(await act(rooms, roomId, 1, 'g', { type: 'guess', code: [0, 0, 0, 0] })).toEqual({ ok: true, seq: 2 });
    expect(Object.fromEntries(here.calls)).toEqual({ actionsSince: 1, appendAction: 1 });
    // A client ahead of this process's memory is caught up with rather than told it is stale.
    expect(await act(other, roomId, 1, 'g2', { type: 'guess', code: [5, 5, 5, 5] }, 2)).toEqual({ ok: true, seq: 3 });
    here.calls.clear();
    expect(await act(rooms, roomId, 1, 'g3', { type: 'guess', code: [4, 4, 4, 4] }, 3)).toEqual({ ok: true, seq: 4 });
    // A move the rules refuse on the freshest state too is refused after one read.
    here.calls.clear();
    expect(await act(rooms, roomId, 0, 'bad', { type: 'guess', code: [0, 0, 0, 0] })).toMatchObject({ ok: false });
    expect(Object.fromEntries(here.calls)).toEqual({ actionsSince: 1 });
  });

  it('announces each change once: a claim after the claiming socket has taken its seat, a seat given back only when it changed', async () => {
    const events: string[] = [];
    const rooms = new RoomService(store);
    rooms.subscribe({ onChange: (room) => events.push(`change ${room.seats.filter((s) => s.name).length}`) });
    const { room } = made(await rooms.create('duel', {}, null, { bots: [], hints: false, takeOverAfterSec: 10 }));
    events.length = 0;
    const claimed = await rooms.claim(room.id, 0, 'Ada', null, (seat) => void events.push(`seated ${seat}`));
    expect(claimed.ok).toBe(true);
    expect(events).toEqual(['seated 0', 'change 1']);
    // A refused claim seats nobody and announces nothing.
    events.length = 0;
    expect(await rooms.claim(room.id, 0, 'Bob', null, () => void events.push('seated'))).toMatchObject({ code: 'SEAT_TAKEN' });
    expect(events).toEqual([]);
    // Ada's seat was never taken over: coming back changes nothing, so nothing is announced.
    const tokenHash = room.seats[0]!.tokenHash!;
    expect(await rooms.reclaim(room.id, 0, tokenHash)).toMatchObject({ announced: false });
    expect(events).toEqual([]);
  });

  it('refuses a person a server-only action or an actionId of the server, whoever calls it, and stores nothing', async () => {
    const rooms = new RoomService(store);
    const roomId = await seatedRoom(rooms);
    const secret = { type: 'setSecret', code: [1, 2, 3, 4] };
    expect(await act(rooms, roomId, 0, 'bot-x', secret)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await act(rooms, roomId, 0, 'timeout-x', secret)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await act(rooms, roomId, 0, 't1', { type: 'timeout', code: [1, 2, 3, 4] })).toMatchObject({
      ok: false,
      code: 'SERVER_ONLY_ACTION',
    });
    const { matchId } = (await rooms.get(roomId))!;
    expect(await store.actionsSince(matchId, 0)).toEqual([]);
    // The turn timer's own move goes through.
    expect(await rooms.act(roomId, 0, { actionId: `timeout-${matchId}-1-0`, action: secret }, null, { timeout: true })).toEqual({
      ok: true,
      seq: 1,
    });
  });

  it('answers a room that cannot be made with a typed error, and makes nothing', async () => {
    const rooms = new RoomService(store);
    const created: string[] = [];
    const watched = new RoomService({ ...store, createRoom: (input) => (created.push(input.roomId), store.createRoom(input)) });
    expect(await watched.create('duel', {}, null, { bots: [2], hints: false, takeOverAfterSec: null })).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/no seat 2/),
    });
    expect(await watched.create('duel', {}, null, { bots: [0, 0], hints: false, takeOverAfterSec: null })).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await watched.create('duel', {}, null, { bots: [0, 1], hints: false, takeOverAfterSec: null }, {})).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^sit:/),
    });
    expect(await rooms.create('no-such-family', {})).toMatchObject({ code: 'BAD_REQUEST' });
    expect(created).toEqual([]);
  });
});
