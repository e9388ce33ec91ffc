import {
  applyRoomDelta,
  PROTOCOL_VERSION,
  type RoomDelta,
  type ClientMessage,
  type ClientMessageName,
  type Reply,
  type RoomSummary,
  type RoomUpdate,
  type Snapshot,
} from '@mm/protocol';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { checkSocketPayload } from './published-schemas';

/** A room update with a match view in it (a watcher gets none while spectating is off). */
export type SeenUpdate = RoomUpdate & { snapshot: Snapshot };

/** The snapshot each delta received led to, once folded: what a full update would have carried. */
const folded = new WeakMap<object, Snapshot>();

/** The snapshot a received `room:delta` led to (undefined for any other payload, or a delta that did not follow). */
export const snapshotAfterDelta = (payload: unknown): Snapshot | undefined =>
  payload && typeof payload === 'object' ? folded.get(payload) : undefined;

/** Is `a` a later state than `b`: a newer match (a rematch), or a higher seq of the same one. */
const newer = (a: Snapshot, b: Snapshot): boolean =>
  a.matchNumber !== b.matchNumber ? a.matchNumber > b.matchNumber : a.seq >= b.seq;

/**
 * A test client that speaks the real protocol over a real socket and keeps
 * every payload it ever received, so a test can scan them for leaks. Like the web
 * client, it joins again when the server says seats moved (`room:rejoin`).
 */
export class Player {
  readonly received: { event: string; payload: unknown }[] = [];
  /** the newest update that carried a match view (a null snapshot never replaces a held one) */
  latest: SeenUpdate | null = null;
  /** the newest room summary, from any update (with or without a view) */
  room: RoomSummary | null = null;
  /** every room summary held in turn, whether it came whole or as a delta */
  readonly rooms: RoomSummary[] = [];
  seatToken: string | undefined;
  roomId: string | undefined;
  /** the join that answered the latest room:rejoin, once it is sent */
  rejoined: Promise<Reply<'room:join'>> | null = null;
  private waiters: { test: (u: SeenUpdate) => boolean; resolve: (u: SeenUpdate) => void }[] = [];

  /**
   * How long a reply may take. Generous: a storm test sends hundreds of messages at once, and on a
   * busy two-core machine the last replies come long after the first (a slow reply is not a failure).
   */
  static ackTimeoutMs = 30_000;

  private constructor(
    readonly socket: Socket,
    /** sent as `deviceToken` in room:join and seat:claim, when given */
    readonly deviceToken: string | undefined,
    autoRejoin: boolean,
  ) {
    socket.onAny((event: string, payload: unknown) => {
      this.received.push({ event, payload });
      checkSocketPayload(event, payload);
      if (event === 'room:update') this.onUpdate(payload as RoomUpdate);
      if (event === 'room:delta') this.onDelta(payload as RoomDelta);
      if (event === 'room:rejoin' && autoRejoin && this.roomId) this.rejoined = this.join(this.roomId);
    });
  }

  /**
   * `autoRejoin: false` plays a client that ignores room:rejoin (to prove the server does not rely on it).
   * `headers`: sent with the handshake (an `X-Forwarded-For` for a server that trusts the loopback as its proxy).
   * `query`: of the connection's requests (`{ room }`, as the web client names its room for the proxy).
   */
  static async connect(
    url: string,
    opts: { deviceToken?: string; autoRejoin?: boolean; headers?: Record<string, string>; query?: Record<string, string> } = {},
  ): Promise<Player> {
    const socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(opts.headers ? { extraHeaders: opts.headers } : {}),
      ...(opts.query ? { query: opts.query } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new Player(socket, opts.deviceToken, opts.autoRejoin ?? true);
  }

  private onUpdate(update: RoomUpdate): void {
    this.room = update.room;
    this.rooms.push(update.room);
    const { snapshot } = update;
    if (!snapshot) return;
    const seen: SeenUpdate = { ...update, snapshot };
    // updates may race on the wire; keep the newest match state
    if (!this.latest || newer(snapshot, this.latest.snapshot)) this.latest = seen;
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(seen)) return true;
      w.resolve(seen);
      return false;
    });
  }

  /** Folds a delta into the newest update as the web client does; one that does not follow asks for the snapshot. */
  private onDelta(delta: RoomDelta): void {
    const held = this.latest;
    const next = applyRoomDelta(held && this.room ? { room: this.room, snapshot: held.snapshot } : null, delta);
    if (next === 'stale') return;
    if (next !== 'gap') {
      folded.set(delta, next.snapshot);
      return this.onUpdate({ ...next, seat: held?.seat ?? null });
    }
    void this.send('room:sync', {}).then(
      (r) => {
        if (!r.ok) return;
        this.room = r.room;
        if (r.snapshot) this.onUpdate({ room: r.room, snapshot: r.snapshot, seat: this.latest?.seat ?? null });
      },
      () => {},
    );
  }

  /** Sends a message and records its reply as received too (acks are payloads a seat receives). */
  async send<N extends ClientMessageName>(name: N, payload: ClientMessage<N> | unknown): Promise<Reply<N>> {
    const reply = (await this.socket.timeout(Player.ackTimeoutMs).emitWithAck(name, payload)) as Reply<N>;
    this.received.push({ event: `ack:${name}`, payload: reply });
    checkSocketPayload(`ack:${name}`, reply);
    return reply;
  }

  async join(roomId: string, seatToken = this.seatToken): Promise<Reply<'room:join'>> {
    this.roomId = roomId;
    const device = this.deviceToken ? { deviceToken: this.deviceToken } : {};
    const reply = await this.send('room:join', {
      protocol: PROTOCOL_VERSION,
      roomId,
      ...(seatToken ? { seatToken } : {}),
      ...device,
    });
    if (reply.ok) this.onUpdate({ room: reply.room, snapshot: reply.snapshot, seat: reply.seat });
    return reply;
  }

  async claim(seat: number, name: string): Promise<Reply<'seat:claim'>> {
    const device = this.deviceToken ? { deviceToken: this.deviceToken } : {};
    const reply = await this.send('seat:claim', { seat, name, ...device });
    if (reply.ok) this.seatToken = reply.seatToken;
    return reply;
  }

  async act(action: unknown, opts: { actionId?: string; expectSeq?: number } = {}): Promise<Reply<'match:act'>> {
    return this.send('match:act', { actionId: opts.actionId ?? randomBytes(9).toString('base64url'), action, ...opts });
  }

  /** Says ready (or not) for a simultaneous start. */
  ready(ready = true): Promise<Reply<'room:ready'>> {
    return this.send('room:ready', { ready });
  }

  /** Resolves with the first update with a view (already held or coming) that passes `test`. */
  waitFor(test: (u: SeenUpdate) => boolean, timeoutMs = 10_000): Promise<SeenUpdate> {
    if (this.latest && test(this.latest)) return Promise.resolve(this.latest);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a room update')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (u) => {
          clearTimeout(timer);
          resolve(u);
        },
      });
    });
  }

  /** Waits for `seq` of the match this socket holds now (a later match counts too). */
  waitForSeq(seq: number): Promise<SeenUpdate> {
    const match = this.latest?.snapshot.matchNumber ?? 1;
    return this.waitFor((u) => u.snapshot.matchNumber > match || u.snapshot.seq >= seq);
  }

  /** Waits until this socket holds a view of match `number` of the room (after a rematch and its re-join). */
  waitForMatch(number: number): Promise<SeenUpdate> {
    return this.waitFor((u) => u.snapshot.matchNumber >= number);
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * A simultaneous start (race, Parker) waiting for its seated `players`: each says ready, and this
 * resolves once every socket of `everyone` sees the match open. Nothing to do for a match that
 * does not wait (any other family, a Code of the day, a match open already).
 */
export async function startWhenReady(players: readonly Player[], everyone: readonly Player[] = players): Promise<void> {
  if (!players.some((p) => p.room?.start)) return;
  for (const p of players) {
    const reply = await p.ready();
    if (!reply.ok && reply.code !== 'MATCH_STARTED') throw new Error(`ready refused: ${reply.code} ${reply.message}`);
  }
  await Promise.all(everyone.map((p) => p.waitFor((u) => u.room.start === undefined)));
}

/** Seats a person in each of `seats` of the room, then hangs up: the seats stay held (a full table nobody plays). */
export async function fillTable(url: string, roomId: string, seats: number): Promise<void> {
  for (let seat = 0; seat < seats; seat++) {
    const p = await Player.connect(url);
    const joined = await p.join(roomId);
    const claimed = await p.claim(seat, `P${seat}`);
    p.close();
    if (!joined.ok || !claimed.ok) throw new Error(`could not seat P${seat} in ${roomId}`);
  }
}
