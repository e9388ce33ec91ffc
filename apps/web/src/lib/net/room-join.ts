import {
  PROTOCOL_VERSION,
  type ClaimReply,
  type ClientMessage,
  type JoinReply,
  type RoomSummary,
  type Snapshot,
} from '@mm/protocol/pure';
import type { Seat } from '@mm/rules/pure';
import { forgetSeatToken, saveName, saveSeatToken, seatToken, type KeyValueStore } from './storage';
import type { Outcome, RoomRequests, RoomSocket } from './room-request';
import type { RoomTimers } from './room-timers';

/** The room connection's public state that joining reads and sets. */
export interface JoinedState {
  readonly roomId: string;
  room: RoomSummary | null;
  seat: Seat | null;
  creator: boolean;
  joined: boolean;
  fatal: string | null;
  crowded: boolean;
}

/** The rest of the room connection that joining needs: its parts, and its own private steps. */
export interface JoinParts {
  device: string;
  store: KeyValueStore;
  socket: RoomSocket;
  requests: RoomRequests;
  timers: RoomTimers;
  /** reads the room's public summary over HTTP (tests pass a fake) */
  summary: (roomId: string) => Promise<RoomSummary>;
  destroyed(): boolean;
  takeSnapshot(s: Snapshot | null): void;
  reportPresence(): void;
  notify(code: string): void;
}

/**
 * Joining a room: on every connection with the stored seat token, again when the server moved the
 * seats, and straight into a claimed seat while the room takes no more watchers.
 */
export class RoomJoin {
  readonly #conn: JoinedState;
  readonly #parts: JoinParts;
  /** bumped on every connection, so a late reply of an old connection is ignored */
  #generation = 0;

  constructor(conn: JoinedState, parts: JoinParts) {
    this.#conn = conn;
    this.#parts = parts;
    // a rematch moved everyone one seat on: the same seat token now holds the next seat
    parts.socket.on('room:rejoin', () => this.rejoin());
  }

  /** A new connection: join on it. */
  connected(): void {
    this.#generation++;
    void this.#join(this.#generation, true);
  }

  /** Joins again on the current connection (the server moved the seats). */
  rejoin(): void {
    if (this.#parts.destroyed() || !this.#parts.socket.connected) return;
    this.#conn.joined = false;
    void this.#join(this.#generation, true);
  }

  /** A room with no watcher's place free: join it in the seat claimed, in one message. */
  async into(seat: Seat, name: string): Promise<Outcome<ClaimReply>> {
    const { store, requests } = this.#parts;
    const generation = this.#generation;
    const r = await requests.emit('room:join', {
      protocol: PROTOCOL_VERSION,
      roomId: this.#conn.roomId,
      deviceToken: this.#parts.device,
      claim: { seat, name },
    });
    if (!r.ok) return r;
    const { seatToken: token, seat: got } = r.value;
    if (token !== undefined) {
      saveSeatToken(store, this.#conn.roomId, token);
      saveName(store, name.trim());
    }
    if (generation === this.#generation && !this.#parts.destroyed()) this.#take(r.value);
    // No token: this device's player sat here already, and the join brought it back to that seat.
    if (token === undefined || got === null) return { ok: false, code: 'ALREADY_SEATED', message: '' };
    return { ok: true, value: { ok: true, seat: got, seatToken: token } };
  }

  async #join(generation: number, retryBadToken: boolean): Promise<void> {
    const { store, requests, socket } = this.#parts;
    const roomId = this.#conn.roomId;
    const token = seatToken(store, roomId);
    const payload: ClientMessage<'room:join'> = { protocol: PROTOCOL_VERSION, roomId, deviceToken: this.#parts.device };
    if (token) payload.seatToken = token;
    const r = await requests.emit('room:join', payload);
    if (generation !== this.#generation || this.#parts.destroyed()) return; // an older connection's answer
    if (r.ok) {
      this.#take(r.value);
      return;
    }
    switch (r.code) {
      case 'BAD_TOKEN':
        // the seat was given up or the token is unknown: forget it and watch
        forgetSeatToken(store, roomId);
        if (retryBadToken) await this.#join(generation, false);
        return;
      case 'ROOM_NOT_FOUND':
      case 'PROTOCOL_MISMATCH':
        this.#conn.fatal = r.code;
        socket.disconnect();
        return;
      case 'NOT_CONNECTED':
        return; // the next 'connect' joins again
      case 'SPECTATORS_FULL':
        void this.#showCrowded();
        break;
      default:
        this.#parts.notify(r.code);
    }
    // try again while this connection lasts (e.g. SPECTATORS_FULL, RATE_LIMITED, INTERNAL, NO_ANSWER)
    this.#parts.timers.later(() => {
      if (generation === this.#generation && socket.connected && !this.#conn.joined) void this.#join(generation, retryBadToken);
    }, 2000);
  }

  /** While the room takes no more watchers, its public summary shows who sits where (the page says why, no notice). */
  async #showCrowded(): Promise<void> {
    // a join refused while a claim's join got in (both in flight at once): in the room already
    if (this.#conn.joined) return;
    this.#conn.crowded = true;
    try {
      const summary = await this.#parts.summary(this.#conn.roomId);
      if (this.#conn.crowded && !this.#conn.joined && !this.#parts.destroyed()) this.#conn.room = summary;
    } catch {
      // the next refused join asks again
    }
  }

  #take(reply: JoinReply): void {
    const conn = this.#conn;
    conn.crowded = false;
    conn.room = reply.room;
    conn.seat = reply.seat;
    conn.creator = reply.creator;
    this.#parts.takeSnapshot(reply.snapshot);
    conn.joined = true;
    this.#parts.timers.release();
    // a new connection counts as visible on the server: say so when it was made in the background
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') this.#parts.reportPresence();
  }
}
