import { describe, expect, it, vi } from 'vitest';
import { actionIdSchema, PROTOCOL_VERSION, roomDelta, type RoomSummary, type Snapshot } from '@mm/protocol';
import { duel, duelOptionsSchema } from '@mm/rules/families/duel';
import { RoomConnection, type RoomSocket } from './room.svelte';
import { KEYS, liveCommitments, memoryStore } from './storage';

const ROOM = 'RoomRoomRoom1234';
const TOKEN = 'S'.repeat(43);

type Handler = (...args: unknown[]) => void;
type Responder = (ev: string, payload: Record<string, unknown>) => unknown;

/** Enough of a socket.io client socket: events in, acknowledged emits out. */
class FakeSocket {
  connected = false;
  active = false;
  sent: { ev: string; payload: Record<string, unknown> }[] = [];
  #handlers = new Map<string, Handler[]>();
  constructor(public respond: Responder) {}
  on(ev: string, fn: Handler): this {
    this.#handlers.set(ev, [...(this.#handlers.get(ev) ?? []), fn]);
    return this;
  }
  fire(ev: string, ...args: unknown[]): void {
    for (const fn of this.#handlers.get(ev) ?? []) fn(...args);
  }
  connect(): this {
    this.active = true;
    this.connected = true;
    this.fire('connect');
    return this;
  }
  disconnect(): this {
    this.active = false;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
  /** the network goes away; socket.io keeps trying */
  drop(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  timeout(): { emitWithAck: (ev: string, payload: Record<string, unknown>) => Promise<unknown> } {
    return {
      emitWithAck: async (ev, payload) => {
        this.sent.push({ ev, payload });
        const r = this.respond(ev, payload);
        if (r instanceof Error) throw r;
        return r;
      },
    };
  }
  of(ev: string): Record<string, unknown>[] {
    return this.sent.filter((s) => s.ev === ev).map((s) => s.payload);
  }
}

const options = duelOptionsSchema.parse({});
const state = duel.setup(options, 'x');
const room: RoomSummary = {
  id: ROOM,
  family: 'duel',
  options,
  seats: [
    { index: 0, name: null, connected: false, bot: false, takenOver: false, botStrength: null },
    { index: 1, name: null, connected: false, bot: false, takenOver: false, botStrength: null },
  ],
  spectators: 0,
  spectating: true,
  hints: false,
  takeOverAfterSec: null,
  turnSeconds: null,
  match: { id: 'm1', number: 1 },
  rematch: [],
  status: duel.status(state),
  createdAt: new Date(0).toISOString(),
};
const snapshot = (seq: number, viewer: number | null = null): Snapshot => ({
  matchId: 'm1',
  matchNumber: 1,
  seq,
  view: duel.view(state, viewer),
  status: duel.status(state),
  last: null,
  commitments: seq > 0 ? [{ kind: 'secret', seq: 1, seat: 0, hash: 'a'.repeat(64) }] : [],
  deadlines: [],
});

const joinOk = (seat: number | null = null, seq = 0, creator = false) => ({
  ok: true,
  room,
  seat,
  snapshot: snapshot(seq, seat),
  creator,
});
const tick = () => new Promise((r) => setTimeout(r, 0));

function setup(respond: Responder, store = memoryStore(), summary = async (): Promise<RoomSummary> => room) {
  const socket = new FakeSocket(respond);
  const conn = new RoomConnection(ROOM, {
    socket: socket as unknown as RoomSocket,
    store,
    reconnectedNoteMs: 10,
    resendWaitMs: 200,
    summary,
  });
  return { socket, conn, store };
}

/** Joins, plays a guess and lets `ms` of (fake) time pass for its resends: the action's outcome. */
async function actThrough(conn: RoomConnection, ms: number): Promise<Awaited<ReturnType<RoomConnection['act']>>> {
  vi.useFakeTimers();
  try {
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    const pending = conn.act({ type: 'guess', code: [0, 0, 0, 0] });
    await vi.advanceTimersByTimeAsync(ms);
    return await pending;
  } finally {
    conn.destroy();
    vi.useRealTimers();
  }
}

describe('RoomConnection', () => {
  it('joins on connect with the protocol version, room and device token', async () => {
    const { socket, conn, store } = setup((ev) => (ev === 'room:join' ? joinOk() : { ok: true }));
    conn.start();
    await tick();
    const [join] = socket.of('room:join');
    expect(join).toEqual({ protocol: PROTOCOL_VERSION, roomId: ROOM, deviceToken: store.getItem(KEYS.device) });
    expect(conn.connection).toBe('connected');
    expect(conn.joined).toBe(true);
    expect(conn.room?.id).toBe(ROOM);
    expect(conn.seat).toBeNull();
    expect(conn.update?.snapshot.seq).toBe(0);
  });

  it("sends a reaction once joined, and hands the others' reactions to whoever listens until they stop", async () => {
    const { socket, conn } = setup((ev) => (ev === 'room:join' ? joinOk(0) : ev === 'room:react' ? { ok: true } : { ok: false }));
    expect(await conn.react('clap')).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    conn.start();
    await tick();
    expect(await conn.react('good-game')).toEqual({ ok: true, value: { ok: true } });
    expect(socket.of('room:react')).toEqual([{ preset: 'good-game' }]);
    const heard: unknown[] = [];
    const stop = conn.onReaction((r) => heard.push(r));
    socket.fire('room:reaction', { from: 1, preset: 'wow', at: 5 });
    stop();
    socket.fire('room:reaction', { from: 'watcher', preset: 'nice', at: 6 });
    expect(heard).toEqual([{ from: 1, preset: 'wow', at: 5 }]);
  });

  it('re-joins with the stored seat token after every reconnection', async () => {
    const store = memoryStore();
    store.setItem(KEYS.seat(ROOM), TOKEN);
    const { socket, conn } = setup((ev) => (ev === 'room:join' ? joinOk(1, 3) : { ok: true }), store);
    conn.start();
    await tick();
    expect(conn.seat).toBe(1);
    socket.drop();
    expect(conn.connection).toBe('reconnecting');
    expect(conn.joined).toBe(false);
    socket.connect();
    await tick();
    expect(conn.connection).toBe('connected');
    expect(conn.reconnected).toBe(true);
    expect(socket.of('room:join').map((j) => j.seatToken)).toEqual([TOKEN, TOKEN]);
    await new Promise((r) => setTimeout(r, 20));
    expect(conn.reconnected).toBe(false);
  });

  it('forgets a refused seat token and watches instead', async () => {
    const store = memoryStore();
    store.setItem(KEYS.seat(ROOM), TOKEN);
    const { socket, conn } = setup(
      (ev, p) => (ev === 'room:join' ? (p.seatToken ? { ok: false, code: 'BAD_TOKEN', message: '' } : joinOk()) : { ok: true }),
      store,
    );
    conn.start();
    await tick();
    await tick();
    expect(store.getItem(KEYS.seat(ROOM))).toBeNull();
    expect(socket.of('room:join')).toHaveLength(2);
    expect(conn.joined).toBe(true);
  });

  it('stops on an unknown room', async () => {
    const { socket, conn } = setup(() => ({ ok: false, code: 'ROOM_NOT_FOUND', message: 'no' }));
    conn.start();
    await tick();
    expect(conn.fatal).toBe('ROOM_NOT_FOUND');
    expect(socket.connected).toBe(false);
  });

  it('keeps the seat token and name of a claimed seat, then syncs', async () => {
    const { socket, conn, store } = setup((ev) => {
      if (ev === 'room:join') return joinOk();
      if (ev === 'seat:claim') return { ok: true, seat: 0, seatToken: TOKEN };
      if (ev === 'room:sync') return { ok: true, room, snapshot: snapshot(0, 0) };
      return { ok: true };
    });
    conn.start();
    await tick();
    const r = await conn.claimSeat(0, '  Ann ');
    expect(r.ok).toBe(true);
    expect(socket.of('seat:claim')[0]).toMatchObject({ seat: 0, name: '  Ann ' });
    expect(store.getItem('mm.seat.' + ROOM)).toBe(TOKEN);
    expect(store.getItem('mm.name')).toBe('Ann');
    expect(conn.seat).toBe(0);
    await tick();
    expect(socket.of('room:sync')).toHaveLength(1);
  });

  it('shows a room with no watcher place free from its summary, and sits in a free seat by joining into it', async () => {
    const full = { ok: false, code: 'SPECTATORS_FULL', message: '' };
    const { socket, conn, store } = setup((ev, p) => {
      if (ev !== 'room:join') return { ok: true };
      return p.claim ? { ...joinOk(1, 0), seatToken: TOKEN } : full;
    });
    conn.start();
    await tick();
    await tick();
    expect(conn).toMatchObject({ crowded: true, joined: false, snapshot: null, notice: null });
    expect(conn.room?.id).toBe(ROOM);

    const r = await conn.claimSeat(1, ' Bo ');
    expect(r).toEqual({ ok: true, value: { ok: true, seat: 1, seatToken: TOKEN } });
    expect(socket.of('room:join').at(-1)).toEqual({
      protocol: PROTOCOL_VERSION,
      roomId: ROOM,
      deviceToken: store.getItem(KEYS.device),
      claim: { seat: 1, name: ' Bo ' },
    });
    expect(socket.of('seat:claim')).toHaveLength(0);
    expect(store.getItem(KEYS.seat(ROOM))).toBe(TOKEN);
    expect(conn).toMatchObject({ crowded: false, joined: true, seat: 1, snapshot: { seq: 0 } });
    conn.destroy();
  });

  it('stays in the seat it joined into when a join refused for the crowd answers late', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let late: ((r: unknown) => void) | null = null;
      const full = { ok: false, code: 'SPECTATORS_FULL', message: '' };
      const { socket, conn } = setup((ev, p) => {
        if (ev !== 'room:join') return { ok: true };
        if (p.claim) return { ...joinOk(1, 0), seatToken: TOKEN };
        // the first join is refused at once; the retry's refusal is held back until after the claim
        return socket.of('room:join').length === 1 ? full : new Promise((resolve) => (late = resolve));
      });
      conn.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(conn.crowded).toBe(true);
      await vi.advanceTimersByTimeAsync(2000);
      expect(late).not.toBeNull();
      expect((await conn.claimSeat(1, 'Bo')).ok).toBe(true);
      late!(full);
      await vi.advanceTimersByTimeAsync(0);
      expect(conn).toMatchObject({ crowded: false, joined: true, seat: 1 });
      conn.destroy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('acts with a fresh actionId and the last seen seq; STALE_SEQ catches up and says so', async () => {
    let stale = true;
    const { socket, conn } = setup((ev) => {
      if (ev === 'room:join') return joinOk(1, 4);
      if (ev === 'room:sync') return { ok: true, room, snapshot: snapshot(5, 1) };
      if (ev === 'match:act') return stale ? { ok: false, code: 'STALE_SEQ', message: '', seq: 5 } : { ok: true, seq: 6 };
      return { ok: true };
    });
    conn.start();
    await tick();
    const action = { type: 'guess', code: [0, 1, 2, 3] };
    const r = await conn.act(action);
    expect(r).toMatchObject({ ok: false, code: 'STALE_SEQ' });
    const [sent] = socket.of('match:act');
    expect(sent).toMatchObject({ expectSeq: 4, action });
    expect(actionIdSchema.safeParse(sent!.actionId).success).toBe(true);
    expect(conn.snapshot?.seq).toBe(5);
    expect(conn.notice?.code).toBe('STALE_SEQ');
    stale = false;
    expect((await conn.act(action)).ok).toBe(true);
    const ids = socket.of('match:act').map((a) => a.actionId);
    expect(socket.of('match:act')[1]).toMatchObject({ expectSeq: 5 });
    expect(new Set(ids).size).toBe(2);
  });

  it('sends no seq where several seats owe a move at once: a neighbour’s move must not refuse this one', async () => {
    const together = { ...duel.status(state), toAct: [0, 1], owes: [0, 1].map((seat) => ({ seat, kind: 'guess' as const })) };
    const { socket, conn } = setup((ev) => {
      if (ev === 'room:join') return { ...joinOk(1, 4), snapshot: { ...snapshot(4, 1), status: together } };
      if (ev === 'match:act') return { ok: true, seq: 6 };
      return { ok: true };
    });
    conn.start();
    await tick();
    expect((await conn.act({ type: 'guess', code: [0, 1, 2, 3] })).ok).toBe(true);
    expect(socket.of('match:act')[0]).not.toHaveProperty('expectSeq');
  });

  it('sends an action of unknown outcome again with the same actionId until the answer is known', async () => {
    // The database went away mid-append, then is still away for the first resend, then back: the action was stored.
    const replies = [
      { ok: false, code: 'OUTCOME_UNKNOWN', message: '' },
      { ok: false, code: 'UNAVAILABLE', message: '' },
      { ok: false, code: 'DUPLICATE_ACTION', message: '', seq: 3 },
    ];
    const { socket, conn } = setup((ev) => {
      if (ev === 'room:join') return joinOk(1, 2);
      if (ev === 'room:sync') return { ok: true, room, snapshot: snapshot(3, 1) };
      if (ev === 'match:act') return replies.shift();
      return { ok: true };
    });
    expect(await actThrough(conn, 60_000)).toEqual({ ok: true, value: { ok: true, seq: 3 } });
    const acts = socket.of('match:act');
    expect(acts).toHaveLength(3);
    expect(new Set(acts.map((a) => a.actionId)).size).toBe(1);
  });

  it('says the outcome is unknown when the database stays away through every resend', async () => {
    const { socket, conn } = setup((ev) => {
      if (ev === 'room:join') return joinOk(1, 2);
      if (ev === 'room:sync') return { ok: true, room, snapshot: snapshot(2, 1) };
      if (ev === 'match:act')
        return socket.of('match:act').length === 1
          ? { ok: false, code: 'OUTCOME_UNKNOWN', message: '' }
          : { ok: false, code: 'UNAVAILABLE', message: '' };
      return { ok: true };
    });
    expect(await actThrough(conn, 120_000)).toMatchObject({ ok: false, code: 'OUTCOME_UNKNOWN' });
    expect(new Set(socket.of('match:act').map((a) => a.actionId)).size).toBe(1);
  });

  it('resends an unanswered action with the same actionId once back in the room', async () => {
    let first = true;
    const { socket, conn } = setup((ev) => {
      if (ev === 'room:join') return joinOk(1, 2);
      if (ev === 'room:sync') return { ok: true, room, snapshot: snapshot(3, 1) };
      if (ev === 'match:act') {
        if (first) {
          first = false;
          return new Error('socket has been disconnected');
        }
        return { ok: false, code: 'DUPLICATE_ACTION', message: '', seq: 3 };
      }
      return { ok: true };
    });
    conn.start();
    await tick();
    const pending = conn.act({ type: 'guess', code: [0, 0, 0, 0] });
    socket.drop();
    await tick();
    socket.connect();
    const r = await pending;
    expect(r).toEqual({ ok: true, value: { ok: true, seq: 3 } });
    const acts = socket.of('match:act');
    expect(acts).toHaveLength(2);
    expect(acts[0]!.actionId).toBe(acts[1]!.actionId);
  });

  it('refuses to act while disconnected, without queueing', async () => {
    const { socket, conn } = setup((ev) => (ev === 'room:join' ? joinOk(0) : { ok: true }));
    conn.start();
    await tick();
    socket.drop();
    expect(await conn.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    expect(socket.of('match:act')).toHaveLength(0);
  });

  it('stays closed once its device is removed, and answers every action with why', async () => {
    const { socket, conn } = setup((ev) => (ev === 'room:join' ? joinOk(0) : { ok: true }));
    conn.start();
    await tick();
    socket.fire('server:error', { ok: false, code: 'DEVICE_REMOVED', message: '' });
    socket.connected = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(conn.gone).toBe('DEVICE_REMOVED');
    expect(conn.notice?.code).toBe('DEVICE_REMOVED');
    expect(await conn.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toMatchObject({ ok: false, code: 'DEVICE_REMOVED' });
    await new Promise((r) => setTimeout(r, 1100));
    expect(socket.of('room:join')).toHaveLength(1);
    conn.destroy();
  });

  it('keeps the newest snapshot of a match', async () => {
    const { socket, conn } = setup((ev) => (ev === 'room:join' ? joinOk(null, 7) : { ok: true }));
    conn.start();
    await tick();
    socket.fire('room:update', { room, seat: null, snapshot: snapshot(6) });
    expect(conn.snapshot?.seq).toBe(7);
    socket.fire('room:update', { room, seat: null, snapshot: snapshot(8) });
    expect(conn.snapshot?.seq).toBe(8);
    socket.fire('room:update', { room, seat: null, snapshot: { ...snapshot(1), matchId: 'm2' } });
    expect(conn.snapshot?.matchId).toBe('m2');
  });

  it('folds a delta into the summary and snapshot it holds, without asking for the snapshot', async () => {
    const { socket, conn } = setup((ev) => (ev === 'room:join' ? joinOk(null, 7) : { ok: true }));
    conn.start();
    await tick();
    const next = {
      room: { ...room, spectators: 3 },
      snapshot: { ...snapshot(8), deadlines: [{ seat: 1, at: new Date(0).toISOString() }] },
    };
    socket.fire('room:delta', roomDelta({ room: conn.room!, snapshot: conn.snapshot! }, next));
    expect(conn.snapshot).toEqual(next.snapshot);
    expect(conn.room).toEqual(next.room);
    // one that is older than what is held is ignored
    socket.fire('room:delta', roomDelta({ room, snapshot: snapshot(6) }, { room, snapshot: snapshot(7) }));
    expect(conn.snapshot).toEqual(next.snapshot);
    expect(socket.of('room:sync')).toHaveLength(0);
  });

  it('asks for the snapshot when a delta does not follow the one held (an update missed, another base)', async () => {
    const { socket, conn } = setup((ev) =>
      ev === 'room:join' ? joinOk(null, 7) : ev === 'room:sync' ? { ok: true, room, snapshot: snapshot(10) } : { ok: true },
    );
    conn.start();
    await tick();
    socket.fire('room:delta', roomDelta({ room, snapshot: snapshot(8) }, { room, snapshot: snapshot(9) }));
    await tick();
    expect(socket.of('room:sync')).toHaveLength(1);
    expect(conn.snapshot?.seq).toBe(10);
    // from the seq held, but built on another view: its hash gives it away
    const other = { ...snapshot(10), commitments: [] };
    socket.fire('room:delta', roomDelta({ room, snapshot: other }, { room, snapshot: { ...other, seq: 11 } }));
    await tick();
    expect(socket.of('room:sync')).toHaveLength(2);
    expect(conn.snapshot?.seq).toBe(10);
  });

  it('asks for the summary too when a delta was built on another summary than the one held, and holds the one it answers', async () => {
    const named = { ...room, seats: room.seats.map((s) => ({ ...s, name: `p${s.index}` })) };
    const { socket, conn } = setup((ev) =>
      ev === 'room:join' ? joinOk(null, 7) : ev === 'room:sync' ? { ok: true, room: named, snapshot: snapshot(8) } : { ok: true },
    );
    conn.start();
    await tick();
    // the server's channel had the seats named already; the delta only says one more watcher came
    socket.fire(
      'room:delta',
      roomDelta({ room: named, snapshot: snapshot(7) }, { room: { ...named, spectators: 1 }, snapshot: snapshot(8) }),
    );
    await tick();
    expect(socket.of('room:sync')).toHaveLength(1);
    expect(conn.room).toEqual(named);
    expect(conn.snapshot?.seq).toBe(8);
  });

  it('joins again on room:rejoin (a rematch moved the seats), with the same seat token', async () => {
    const store = memoryStore();
    store.setItem(KEYS.seat(ROOM), TOKEN);
    let seatNow = 0;
    const { socket, conn } = setup(
      (ev) =>
        ev === 'room:join'
          ? { ...joinOk(seatNow, 9), snapshot: { ...snapshot(0, seatNow), matchId: 'm2', matchNumber: seatNow + 1 } }
          : { ok: true },
      store,
    );
    conn.start();
    await tick();
    expect(conn.seat).toBe(0);
    seatNow = 1;
    socket.fire('room:rejoin', { roomId: ROOM, matchId: 'm2' });
    await tick();
    expect(socket.of('room:join').map((j) => j.seatToken)).toEqual([TOKEN, TOKEN]);
    expect(conn.seat).toBe(1);
    expect(conn.snapshot).toMatchObject({ matchId: 'm2', matchNumber: 2, seq: 0 });
    // A late update of the earlier match never replaces the new one.
    socket.fire('room:update', { room, seat: 1, snapshot: { ...snapshot(12, 1), matchNumber: 1 } });
    expect(conn.snapshot?.matchNumber).toBe(2);
  });

  it('holds no snapshot while spectating is off, and knows whether this device created the room', async () => {
    const { socket, conn } = setup((ev) => (ev === 'room:join' ? { ...joinOk(null, 0, true), snapshot: null } : { ok: true }));
    conn.start();
    await tick();
    expect(conn.joined).toBe(true);
    expect(conn.creator).toBe(true);
    expect(conn.snapshot).toBeNull();
    expect(conn.update).toBeNull();
    socket.fire('room:update', { room, seat: null, snapshot: snapshot(2) });
    expect(conn.snapshot?.seq).toBe(2);
    socket.fire('room:update', { room: { ...room, spectating: false }, seat: null, snapshot: null });
    expect(conn.snapshot).toBeNull();
    expect(conn.room?.spectating).toBe(false);
  });

  it('keeps the commitments it saw live, per match, for the replay to check', async () => {
    const { socket, conn, store } = setup((ev) => (ev === 'room:join' ? joinOk(null, 0) : { ok: true }));
    conn.start();
    await tick();
    expect(liveCommitments(store, 'm1')).toBeNull();
    socket.fire('room:update', { room, seat: null, snapshot: snapshot(3) });
    expect(liveCommitments(store, 'm1')).toEqual([{ kind: 'secret', seq: 1, seat: 0, hash: 'a'.repeat(64) }]);
    // a later, different hash for the same move does not overwrite what was seen first
    const changed = { ...snapshot(4), commitments: [{ kind: 'secret' as const, seq: 1, seat: 0, hash: 'b'.repeat(64) }] };
    socket.fire('room:update', { room, seat: null, snapshot: changed });
    expect(liveCommitments(store, 'm1')).toEqual([{ kind: 'secret', seq: 1, seat: 0, hash: 'a'.repeat(64) }]);
  });

  it('sends settings and rematch votes, and joins again when told the seats moved', async () => {
    const { socket, conn } = setup((ev) => {
      if (ev === 'room:join') return joinOk(0, 5);
      if (ev === 'match:rematch') return { ok: false, code: 'MATCH_CHANGED', message: '' };
      return { ok: true };
    });
    conn.start();
    await tick();
    expect(await conn.setSpectators(false)).toMatchObject({ ok: true });
    expect(socket.of('room:settings')).toEqual([{ spectators: false }]);
    expect(await conn.voteRematch(true)).toMatchObject({ ok: false, code: 'MATCH_CHANGED' });
    expect(socket.of('match:rematch')).toEqual([{ accept: true }]);
    await tick();
    expect(socket.of('room:join')).toHaveLength(2);
  });

  it('seats bots, hands a seat over and asks for hints, with the protocol’s payloads', async () => {
    const { socket, conn } = setup((ev) => {
      if (ev === 'room:join') return joinOk(0, 5, true);
      if (ev === 'seat:takeover') return { ok: false, code: 'NOT_AWAY', message: '' };
      if (ev === 'match:hint') return { ok: true, code: [0, 0, 1, 1], possible: 1296 };
      return { ok: true };
    });
    expect(await conn.hint()).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    conn.start();
    await tick();
    expect(await conn.addBot(1)).toMatchObject({ ok: true });
    expect(socket.of('seat:bot')).toEqual([{ seat: 1, strength: 'strong' }]);
    expect(await conn.takeOver(1)).toMatchObject({ ok: false, code: 'NOT_AWAY' });
    expect(socket.of('seat:takeover')).toEqual([{ seat: 1 }]);
    expect(await conn.hint()).toEqual({ ok: true, value: { ok: true, code: [0, 0, 1, 1], possible: 1296 } });
    expect(socket.of('match:hint')).toEqual([{}]);
  });

  it('says why the server refused the connection, and tries again later by itself', async () => {
    const socket = new FakeSocket((ev) => (ev === 'room:join' ? joinOk() : { ok: true }));
    const conn = new RoomConnection(ROOM, { socket: socket as unknown as RoomSocket, store: memoryStore(), refusedRetryMs: 20 });
    socket.fire(
      'connect_error',
      Object.assign(new Error('refused'), { data: { ok: false, code: 'TOO_MANY_CONNECTIONS', message: '' } }),
    );
    expect(conn.notice?.code).toBe('TOO_MANY_CONNECTIONS');
    expect(conn.joined).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(conn.joined).toBe(true);
    // a plain network failure is no refusal: socket.io retries it alone
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(conn.notice?.code).toBe('TOO_MANY_CONNECTIONS');
    conn.destroy();
  });

  it('asks for the room by itself after a quiet period while someone else owes a move', async () => {
    const socket = new FakeSocket((ev) =>
      ev === 'room:join' ? joinOk(null, 1) : ev === 'room:sync' ? { ok: true, room, snapshot: snapshot(2) } : { ok: true },
    );
    const conn = new RoomConnection(ROOM, { socket: socket as unknown as RoomSocket, store: memoryStore(), quietSyncMs: 20 });
    conn.start();
    await new Promise((r) => setTimeout(r, 80));
    expect(socket.of('room:sync').length).toBeGreaterThan(0);
    expect(conn.snapshot?.seq).toBe(2);
    conn.destroy();
  });

  it('asks for the room when its own move was accepted past a seq it never saw', async () => {
    const socket = new FakeSocket((ev) =>
      ev === 'room:join'
        ? joinOk(1, 1)
        : ev === 'match:act'
          ? { ok: true, seq: 5 }
          : ev === 'room:sync'
            ? { ok: true, room, snapshot: snapshot(5, 1) }
            : { ok: true },
    );
    const conn = new RoomConnection(ROOM, { socket: socket as unknown as RoomSocket, store: memoryStore(), quietSyncMs: 60_000 });
    conn.start();
    await tick();
    expect((await conn.act({ type: 'guess', code: [0, 1, 2, 3] })).ok).toBe(true);
    await tick();
    expect(socket.of('room:sync')).toHaveLength(1);
    conn.destroy();
  });
});
