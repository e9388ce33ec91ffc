import {
  PROTOCOL_VERSION,
  type ClientMessage,
  type ClientMessageName,
  type Reply,
  type RoomUpdate,
} from '@mm/protocol';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';

/**
 * A test client that speaks the real protocol over a real socket and keeps
 * every payload it ever received, so a test can scan them for leaks.
 */
export class Player {
  readonly received: { event: string; payload: unknown }[] = [];
  latest: RoomUpdate | null = null;
  seatToken: string | undefined;
  roomId: string | undefined;
  private waiters: { test: (u: RoomUpdate) => boolean; resolve: (u: RoomUpdate) => void }[] = [];

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => {
      this.received.push({ event, payload });
      if (event === 'room:update') this.onUpdate(payload as RoomUpdate);
    });
  }

  static async connect(url: string): Promise<Player> {
    const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new Player(socket);
  }

  private onUpdate(update: RoomUpdate): void {
    // updates may race on the wire; keep the newest match state
    if (!this.latest || update.snapshot.seq >= this.latest.snapshot.seq) this.latest = update;
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(update)) return true;
      w.resolve(update);
      return false;
    });
  }

  /** Sends a message and records its reply as received too (acks are payloads a seat receives). */
  async send<N extends ClientMessageName>(name: N, payload: ClientMessage<N> | unknown): Promise<Reply<N>> {
    const reply = (await this.socket.timeout(10_000).emitWithAck(name, payload)) as Reply<N>;
    this.received.push({ event: `ack:${name}`, payload: reply });
    return reply;
  }

  async join(roomId: string, seatToken = this.seatToken): Promise<Reply<'room:join'>> {
    this.roomId = roomId;
    const reply = await this.send('room:join', { protocol: PROTOCOL_VERSION, roomId, ...(seatToken ? { seatToken } : {}) });
    if (reply.ok) this.onUpdate({ room: reply.room, snapshot: reply.snapshot, seat: reply.seat });
    return reply;
  }

  async claim(seat: number, name: string): Promise<Reply<'seat:claim'>> {
    const reply = await this.send('seat:claim', { seat, name });
    if (reply.ok) this.seatToken = reply.seatToken;
    return reply;
  }

  async act(action: unknown, opts: { actionId?: string; expectSeq?: number } = {}): Promise<Reply<'match:act'>> {
    return this.send('match:act', { actionId: opts.actionId ?? randomBytes(9).toString('base64url'), action, ...opts });
  }

  /** Resolves with the first update (already held or coming) that passes `test`. */
  waitFor(test: (u: RoomUpdate) => boolean, timeoutMs = 10_000): Promise<RoomUpdate> {
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

  waitForSeq(seq: number): Promise<RoomUpdate> {
    return this.waitFor((u) => u.snapshot.seq >= seq);
  }

  close(): void {
    this.socket.close();
  }
}
