import { beforeEach, describe, expect, it } from 'vitest';
import type { ErrorReply } from '@mm/protocol';
import { createMemoryStore, type MemoryStore } from '../db/memory-store';
import { until } from '../test-support/until';
import { RoomService, type Created } from './room-service';
import { everyoneReady, nextGate, readySeats, type StartGate } from './start-gate';

function made(created: Created | ErrorReply): Created {
  if (!created.ok) throw new Error(`room not made: ${created.code} ${created.message}`);
  return created;
}

const guess = (code: number[], id: string) => ({ actionId: `start-test-${id}`, action: { type: 'guess', code } });
const COUNTDOWN_MS = 40;

describe('the start gate, as pure rules of the seats', () => {
  const waiting: StartGate = { ready: [], startsAt: null, startedAt: null };
  const person = (index: number) => ({ index, tokenHash: `t${index}`, bot: false });
  const bot = (index: number) => ({ index, tokenHash: null, bot: true });
  const free = (index: number) => ({ index, tokenHash: null, bot: false });

  it('counts a bot ready, a person once they say so, and a free seat never', () => {
    expect(readySeats({ ...waiting, ready: [0] }, [person(0), bot(1), free(2)])).toEqual([0, 1]);
    expect(everyoneReady({ ...waiting, ready: [0] }, [person(0), bot(1), free(2)])).toBe(false);
    expect(everyoneReady({ ...waiting, ready: [0] }, [person(0), bot(1)])).toBe(true);
  });

  it('starts the countdown when everyone is ready, keeps its end while they stay so, and stops it as soon as one is not', () => {
    const counting = nextGate(waiting, [person(0), bot(1)], [0], 1000, 3000);
    expect(counting).toEqual({ ready: [0], startsAt: 4000, startedAt: null });
    expect(nextGate(counting, [person(0), bot(1)], [0], 2000, 3000).startsAt).toBe(4000);
    expect(nextGate(counting, [person(0), bot(1)], [], 2000, 3000)).toEqual(waiting);
    // The seat freed forgets its person's ready.
    expect(nextGate(counting, [free(0), bot(1)], [0], 2000, 3000)).toEqual(waiting);
    // An open match's gate never changes.
    const open = { ...counting, startedAt: 4000 };
    expect(nextGate(open, [free(0), bot(1)], [], 5000, 3000)).toBe(open);
  });
});

// Two services on one in-memory store are two server processes on one database.
describe('a simultaneous start decided by RoomService', () => {
  let store: MemoryStore;
  let here: RoomService;
  let there: RoomService;
  beforeEach(() => {
    store = createMemoryStore();
    here = new RoomService(store, { secondMs: 1000, countdownMs: COUNTDOWN_MS });
    there = new RoomService(store, { secondMs: 1000, countdownMs: COUNTDOWN_MS });
  });

  /** A two-seat race with Ada and Bob seated; its room id and match id. */
  async function twoRacers(): Promise<{ roomId: string; matchId: string }> {
    const { room } = made(await here.create('race', { players: 2 }));
    expect((await here.claim(room.id, 0, 'Ada', null)).ok).toBe(true);
    expect((await here.claim(room.id, 1, 'Bob', null)).ok).toBe(true);
    return { roomId: room.id, matchId: room.matchId };
  }

  it('refuses every move before the start with NOT_STARTED and changes nothing', async () => {
    const { roomId, matchId } = await twoRacers();
    expect(await here.act(roomId, 0, guess([0, 1, 2, 3], 'early'))).toMatchObject({ ok: false, code: 'NOT_STARTED' });
    expect(await store.actionsSince(matchId, 0)).toEqual([]);
    expect((await here.get(roomId))!.summary(new Set(), 0).start).toMatchObject({ ready: [], startsAt: null });
  });

  it('opens nothing before the end of the countdown', async () => {
    here = new RoomService(store, { secondMs: 1000, countdownMs: 60_000 });
    const { roomId, matchId } = await twoRacers();
    await here.ready(roomId, 0, true);
    await here.ready(roomId, 1, true);
    expect(here.cached(roomId)!.start.startsAt).toBeGreaterThan(Date.now());
    expect(await here.openMatch(roomId, matchId)).toBe(false);
    expect(await here.act(roomId, 0, guess([0, 1, 2, 3], 'counting'))).toMatchObject({ ok: false, code: 'NOT_STARTED' });
  });

  it('counts down once both are ready, opens exactly once for two processes, then takes moves', async () => {
    const { roomId, matchId } = await twoRacers();
    expect(await here.ready(roomId, 0, true)).toEqual({ ok: true });
    expect(here.cached(roomId)!.start).toMatchObject({ ready: [0], startsAt: null });
    expect(await here.ready(roomId, 1, true)).toEqual({ ok: true });
    const startsAt = here.cached(roomId)!.start.startsAt!;
    expect(here.cached(roomId)!.summary(new Set(), 0).start).toMatchObject({ ready: [0, 1], startsAt });
    await there.get(roomId);
    await until('the end of the countdown', () => Promise.resolve(Date.now() > startsAt));
    const opened = await Promise.all([here.openMatch(roomId, matchId), there.openMatch(roomId, matchId)]);
    expect(opened.filter(Boolean)).toHaveLength(1);
    expect((await store.loadStartGate(matchId))!.startedAt!.getTime()).toBeGreaterThanOrEqual(startsAt);
    expect(here.cached(roomId)!.started && there.cached(roomId)!.started).toBe(true);
    expect(here.cached(roomId)!.summary(new Set(), 0).start).toBeUndefined();
    expect(await there.act(roomId, 1, guess([0, 1, 2, 3], 'open'))).toEqual({ ok: true, seq: 1 });
    expect(await here.ready(roomId, 0, false)).toMatchObject({ ok: false, code: 'MATCH_STARTED' });
  });

  it('stops the countdown when someone is not ready any more, or gives up their seat', async () => {
    const { roomId, matchId } = await twoRacers();
    await here.ready(roomId, 0, true);
    await here.ready(roomId, 1, true);
    expect(here.cached(roomId)!.start.startsAt).not.toBeNull();
    expect(await here.ready(roomId, 1, false)).toEqual({ ok: true });
    expect(await store.loadStartGate(matchId)).toEqual({ ready: [0], startsAt: null, startedAt: null });
    await here.ready(roomId, 1, true);
    expect(await here.leave(roomId, 0)).toEqual({ ok: true });
    expect(await store.loadStartGate(matchId)).toEqual({ ready: [1], startsAt: null, startedAt: null });
    // Whenever the duty would have opened it, nothing opens.
    expect(await here.openMatch(roomId, matchId)).toBe(false);
    expect(await here.act(roomId, 1, guess([0, 1, 2, 3], 'after-leave'))).toMatchObject({ ok: false, code: 'NOT_STARTED' });
  });

  it('counts a bot ready from the start: a person against a bot starts once the person is ready', async () => {
    const { room } = made(await here.create('parker', {}, null, { bots: [1], hints: false, takeOverAfterSec: null }));
    expect((await here.claim(room.id, 0, 'Ada', null)).ok).toBe(true);
    expect(room.summary(new Set(), 0).start).toMatchObject({ ready: [1], startsAt: null });
    await here.ready(room.id, 0, true);
    expect(room.start.startsAt).not.toBeNull();
  });

  it('counts a table of bots down at once', async () => {
    const { room } = made(
      await here.create('race', { players: 2 }, null, { bots: [0, 1], hints: false, takeOverAfterSec: null }),
    );
    expect(room.start.startsAt).not.toBeNull();
  });

  it('leaves turn-based families and the Code of the day open from the start', async () => {
    const { room: duel } = made(await here.create('duel', {}));
    expect((await here.claim(duel.id, 0, 'Ada', null)).ok).toBe(true);
    expect(duel.started).toBe(true);
    expect(duel.summary(new Set(), 0).start).toBeUndefined();
    expect(await here.ready(duel.id, 0, true)).toMatchObject({ ok: false, code: 'MATCH_STARTED' });
    const options = { players: 1, pegs: 4, colours: 6, repeats: true, blanks: false, guesses: 10, hard: false };
    const { room: daily } = made(
      await here.create('race', options, null, undefined, undefined, { roomId: 'daily-1', seed: 's', daily: 99_999 }),
    );
    expect((await here.claim(daily.id, 0, 'Ada', null)).ok).toBe(true);
    expect(daily.summary(new Set(), 0).start).toBeUndefined();
    expect(await here.act(daily.id, 0, guess([0, 1, 2, 3], 'daily'))).toEqual({ ok: true, seq: 1 });
  });

  it('makes a rematch of a race wait for ready again', async () => {
    const { roomId, matchId } = await twoRacers();
    await here.ready(roomId, 0, true);
    await here.ready(roomId, 1, true);
    await until('the end of the countdown', () => Promise.resolve(Date.now() > here.cached(roomId)!.start.startsAt!));
    expect(await here.openMatch(roomId, matchId)).toBe(true);
    const code = here.cached(roomId)!.family.review(here.cached(roomId)!.state) as { code: number[] };
    for (const seat of [0, 1]) expect((await here.act(roomId, seat, guess(code.code, `win-${seat}`))).ok).toBe(true);
    expect(here.cached(roomId)!.status().finished).toBe(true);
    await here.rematch(roomId, 0, true);
    expect(await here.rematch(roomId, 1, true)).toEqual({ ok: true, started: true });
    const next = here.cached(roomId)!;
    expect(next.matchNumber).toBe(2);
    expect(next.started).toBe(false);
    expect(next.summary(new Set(), 0).start).toMatchObject({ ready: [], startsAt: null });
  });
});
