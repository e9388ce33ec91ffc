import {
  PROTOCOL_VERSION,
  type ActReply,
  type ClaimReply,
  type ClientMessage,
  type HintReply,
  type JoinReply,
  type ReactionPreset,
  type ReactReply,
  type RematchReply,
  type RenameReply,
  type RoomReaction,
  type RoomSummary,
  type RoomUpdate,
  type Snapshot,
} from '@mm/protocol/pure';
import { DEFAULT_BOT_STRENGTH, type BotStrength, type Seat } from '@mm/rules/pure';
import {
  browserStore,
  deviceToken,
  forgetSeatToken,
  rememberCommitments,
  saveName,
  saveSeatToken,
  seatToken,
  type KeyValueStore,
} from './storage';
import { newActionId } from './tokens';
import { roomSummary } from './api';
import { roomSocket } from './room-socket';
import { RoomRequests, type Outcome, type RoomSocket } from './room-request';
import { resendAction } from './room-resend';
import { RoomTimers } from './room-timers';
import { browserOffline, watchBrowser } from './room-browser';
import { GONE_CODES, refusedWith, type ConnectionState, type RoomConnectionOptions } from './room-options';

export { CLIENT_ERROR_CODES, type Outcome, type RoomSocket } from './room-request';
export { GONE_CODES, refusedWith, type ConnectionState, type RoomConnectionOptions } from './room-options';

/**
 * The socket client of one room. It joins on every (re)connection with the stored
 * seat token, keeps the latest room summary, seat and snapshot as reactive state, and
 * sends seat claims and match actions with acknowledgements.
 */

export class RoomConnection {
  /** the public room summary: seats, names, who is connected, status */
  room = $state.raw<RoomSummary | null>(null);
  /** this socket's own view of the match (hidden information only for its seat); null for a watcher while spectating is off */
  snapshot = $state.raw<Snapshot | null>(null);
  /** the seat this browser holds, or null when watching */
  seat = $state<Seat | null>(null);
  /** this device created the room: it may turn spectating on or off */
  creator = $state(false);
  connection = $state<ConnectionState>('connecting');
  /** true once the room has been joined on the current connection */
  joined = $state(false);
  /** a reason the room cannot be shown at all: ROOM_NOT_FOUND, PROTOCOL_MISMATCH */
  fatal = $state<string | null>(null);
  /** true for a moment after the connection came back */
  reconnected = $state(false);
  /** the latest message worth showing (an error code, translated by the UI) */
  notice = $state<{ code: string; id: number } | null>(null);
  /**
   * The server said this device acts for its player no more (DEVICE_REMOVED, PLAYER_DELETED): the
   * page says so until it is reloaded, and every action answers with that code.
   */
  gone = $state<string | null>(null);
  /**
   * Every watcher's place is taken (SPECTATORS_FULL): the room shows from its public summary, joins
   * are tried again, and a claim joins straight into its seat (a seated player is never refused).
   */
  crowded = $state(false);

  readonly roomId: string;
  readonly #socket: RoomSocket;
  readonly #store: KeyValueStore;
  readonly #device: string;
  readonly #noteMs: number;
  readonly #resendWaitMs: number;
  readonly #unknownResendMs: number;
  readonly #refusedRetryMs: number;
  readonly #quietSyncMs: number;
  readonly #summary: (roomId: string) => Promise<RoomSummary>;
  #quietTimer: ReturnType<typeof setTimeout> | null = null;
  #everConnected = false;
  #destroyed = false;
  /** bumped on every connection, so a late reply of an old connection is ignored */
  #generation = 0;
  readonly #timers = new RoomTimers();
  readonly #requests: RoomRequests;
  #noticeId = 0;
  #cleanup: (() => void)[] = [];
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- listeners, never rendered
  #reactionListeners = new Set<(r: RoomReaction) => void>();

  constructor(roomId: string, opts: RoomConnectionOptions = {}) {
    this.roomId = roomId;
    this.#store = opts.store ?? browserStore();
    this.#device = deviceToken(this.#store);
    this.#noteMs = opts.reconnectedNoteMs ?? 4000;
    this.#resendWaitMs = opts.resendWaitMs ?? 15000;
    this.#unknownResendMs = opts.unknownResendMs ?? 1000;
    this.#refusedRetryMs = opts.refusedRetryMs ?? 10000;
    this.#quietSyncMs = opts.quietSyncMs ?? 20000;
    this.#summary = opts.summary ?? ((id) => roomSummary(id));
    this.#socket = opts.socket ?? roomSocket(roomId);
    this.#requests = new RoomRequests({
      socket: this.#socket,
      ackMs: opts.ackTimeoutMs ?? 8000,
      joined: () => this.joined,
      gone: () => this.gone,
      rejoin: () => this.#rejoin(),
    });
    this.#wire();
  }

  /** Opens the connection (socket.io then reconnects by itself whenever it drops). */
  start(): void {
    if (!this.#socket.connected && !this.#socket.active) this.#socket.connect();
  }

  destroy(): void {
    this.#destroyed = true;
    this.#timers.stop();
    for (const c of this.#cleanup) c();
    this.#socket.disconnect();
    this.#timers.release();
  }

  /** The latest RoomUpdate with a match view, as one value (null while there is none). */
  get update(): (RoomUpdate & { snapshot: Snapshot }) | null {
    return this.room && this.snapshot ? { room: this.room, snapshot: this.snapshot, seat: this.seat } : null;
  }

  /** Sit in a free seat; the secret seat token is kept in localStorage for every later visit. */
  async claimSeat(seat: Seat, name: string): Promise<Outcome<ClaimReply>> {
    if (!this.joined && this.crowded) return this.#joinInto(seat, name);
    const r = await this.#requests.emit('seat:claim', { seat, name, deviceToken: this.#device });
    if (r.ok) {
      saveSeatToken(this.#store, this.roomId, r.value.seatToken);
      saveName(this.#store, name.trim());
      this.seat = r.value.seat;
      // this socket now sees its seat's view (its own secret): fetch it at once
      void this.sync();
    }
    return r;
  }

  /** Shows another name in this socket's seat (the server may number it); remembered as this person's name. */
  async renameSeat(name: string): Promise<Outcome<RenameReply>> {
    const r = await this.#requests.emit('seat:rename', { name });
    if (r.ok) saveName(this.#store, name.trim());
    return r;
  }

  /**
   * Play an action as this seat. `expectSeq` is the last seq seen, so an action built on
   * an old board is refused (STALE_SEQ: we catch up and say so). When the connection drops
   * with the action in flight, it is sent again with the same actionId once the room is
   * joined again: the server never applies one actionId twice (DUPLICATE_ACTION = done).
   * Where several seats owe a move at once (a race's guesses, Parker's two secrets), each
   * seat's move is its own: another seat's does not change what it is judged on, and the rules
   * judge it on arrival, so no seq is sent — one would only refuse it for a neighbour's move.
   */
  async act(action: unknown): Promise<Outcome<ActReply>> {
    const actionId = newActionId();
    const seen = this.snapshot?.seq ?? 0;
    const together = (this.snapshot?.status.toAct.length ?? 0) > 1;
    const payload = together ? { actionId, action } : { actionId, expectSeq: seen, action };
    const r = await resendAction(await this.#requests.send('match:act', payload), {
      send: () => this.#requests.send('match:act', payload),
      joined: () => this.joined,
      destroyed: () => this.#destroyed,
      whenJoined: (ms) => this.#whenJoined(ms),
      pause: (ms) => this.#timers.pause(ms),
      resendWaitMs: this.#resendWaitMs,
      unknownResendMs: this.#unknownResendMs,
    });
    // Accepted past a seq this socket never saw: updates were lost on the way (e.g. a Redis blip between servers).
    // Not while several seats move at once: there, others' moves between ours are the race itself.
    if (r.ok && !together && r.value.seq > seen + 1) void this.sync();
    if (!r.ok && r.code === 'DUPLICATE_ACTION') {
      void this.sync();
      return { ok: true, value: { ok: true, seq: r.seq ?? this.snapshot?.seq ?? seen } };
    }
    if (!r.ok && r.code === 'STALE_SEQ') {
      await this.sync();
      this.#notify('STALE_SEQ');
    }
    return r;
  }

  /** Asks for this socket's current snapshot (catch-up). */
  async sync(): Promise<void> {
    const r = await this.#requests.send('room:sync', {});
    if (r.ok) this.#takeSnapshot(r.value.snapshot);
  }

  /** The room's creator turns spectating on or off. */
  setSpectators(on: boolean): Promise<Outcome<{ ok: true }>> {
    return this.#requests.send('room:settings', { spectators: on });
  }

  /** Accepts (or withdraws from) a rematch of the finished match. */
  voteRematch(accept: boolean): Promise<Outcome<RematchReply>> {
    return this.#requests.send('match:rematch', { accept });
  }

  /** This seat is ready (or not any more) for a simultaneous start (`room.start`). */
  setReady(ready: boolean): Promise<Outcome<{ ok: true }>> {
    return this.#requests.send('room:ready', { ready });
  }

  /** The room's creator seats a bot in a free seat. */
  addBot(seat: Seat, strength: BotStrength = DEFAULT_BOT_STRENGTH): Promise<Outcome<{ ok: true }>> {
    return this.#requests.send('seat:bot', { seat, strength });
  }

  /** Hands the seat of someone away long enough to a bot (NOT_AWAY when too early). */
  takeOver(seat: Seat): Promise<Outcome<{ ok: true }>> {
    return this.#requests.send('seat:takeover', { seat });
  }

  /** Asks the solver for a strong next code from this seat's own view (rooms with hints on). */
  hint(): Promise<Outcome<HintReply>> {
    return this.#requests.send('match:hint', {});
  }

  /** Sends a preset reaction to the room's other phones: not an action, nothing is stored, never resent. */
  react(preset: ReactionPreset): Promise<Outcome<ReactReply>> {
    return this.#requests.send('room:react', { preset });
  }

  /** Calls `listener` with each reaction someone else in the room sends; returns how to stop. */
  onReaction(listener: (r: RoomReaction) => void): () => void {
    this.#reactionListeners.add(listener);
    return () => this.#reactionListeners.delete(listener);
  }

  // ——— internals ———

  #wire(): void {
    const s = this.#socket;
    s.on('connect', () => {
      if (this.#destroyed) return;
      this.#generation++;
      this.connection = 'connected';
      if (this.#everConnected) this.#flashReconnected();
      this.#everConnected = true;
      void this.#join(this.#generation, true);
    });
    s.on('disconnect', (reason) => {
      this.joined = false;
      if (this.#destroyed || reason === 'io client disconnect') return;
      // Connecting again would sit the page down as a stranger: it says why until it is reloaded.
      if (this.gone !== null) return void (this.connection = 'offline');
      this.connection = browserOffline() ? 'offline' : 'reconnecting';
      this.reconnected = false;
      // the server closed us on purpose: socket.io does not retry by itself then
      if (reason === 'io server disconnect') this.#timers.later(() => this.start(), 1000);
    });
    s.on('connect_error', (err: unknown) => {
      if (this.#destroyed) return;
      this.connection = browserOffline() ? 'offline' : this.#everConnected ? 'reconnecting' : 'connecting';
      // Refused by the server (e.g. TOO_MANY_CONNECTIONS): say why; socket.io does not retry a refusal by itself.
      const code = refusedWith(err);
      if (code === null) return;
      this.#notify(code);
      this.#timers.later(() => this.start(), this.#refusedRetryMs);
    });
    s.on('room:update', (u) => this.#takeUpdate(u));
    s.on('server:error', (e) => {
      if ((GONE_CODES as readonly string[]).includes(e.code)) this.gone = e.code;
      this.#notify(e.code);
    });
    // a rematch moved everyone one seat on: the same seat token now holds the next seat
    s.on('room:rejoin', () => this.#rejoin());
    s.on('room:reaction', (r) => this.#reactionListeners.forEach((listener) => listener(r)));

    this.#cleanup.push(
      watchBrowser({
        offline: () => {
          if (!this.#socket.connected) this.connection = 'offline';
        },
        online: () => {
          if (this.#socket.connected) return;
          this.connection = this.#everConnected ? 'reconnecting' : 'connecting';
          this.start();
        },
        // a phone waking up: catch up at once if the socket survived, else push a reconnect
        visibilityChange: () => {
          this.#reportPresence();
          if (document.visibilityState !== 'visible') return;
          if (this.#socket.connected) void this.sync();
          else this.start();
        },
      }),
    );
  }

  async #join(generation: number, retryBadToken: boolean): Promise<void> {
    const token = seatToken(this.#store, this.roomId);
    const payload: ClientMessage<'room:join'> = { protocol: PROTOCOL_VERSION, roomId: this.roomId, deviceToken: this.#device };
    if (token) payload.seatToken = token;
    const r = await this.#requests.emit('room:join', payload);
    if (generation !== this.#generation || this.#destroyed) return; // an older connection's answer
    if (r.ok) {
      this.#takeJoin(r.value);
      return;
    }
    switch (r.code) {
      case 'BAD_TOKEN':
        // the seat was given up or the token is unknown: forget it and watch
        forgetSeatToken(this.#store, this.roomId);
        if (retryBadToken) await this.#join(generation, false);
        return;
      case 'ROOM_NOT_FOUND':
      case 'PROTOCOL_MISMATCH':
        this.fatal = r.code;
        this.#socket.disconnect();
        return;
      case 'NOT_CONNECTED':
        return; // the next 'connect' joins again
      case 'SPECTATORS_FULL':
        void this.#showCrowded();
        break;
      default:
        this.#notify(r.code);
    }
    // try again while this connection lasts (e.g. SPECTATORS_FULL, RATE_LIMITED, INTERNAL, NO_ANSWER)
    this.#timers.later(() => {
      if (generation === this.#generation && this.#socket.connected && !this.joined) void this.#join(generation, retryBadToken);
    }, 2000);
  }

  /** A room with no watcher's place free: join it in the seat claimed, in one message. */
  async #joinInto(seat: Seat, name: string): Promise<Outcome<ClaimReply>> {
    const generation = this.#generation;
    const r = await this.#requests.emit('room:join', {
      protocol: PROTOCOL_VERSION,
      roomId: this.roomId,
      deviceToken: this.#device,
      claim: { seat, name },
    });
    if (!r.ok) return r;
    const { seatToken: token, seat: got } = r.value;
    if (token !== undefined) {
      saveSeatToken(this.#store, this.roomId, token);
      saveName(this.#store, name.trim());
    }
    if (generation === this.#generation && !this.#destroyed) this.#takeJoin(r.value);
    // No token: this device's player sat here already, and the join brought it back to that seat.
    if (token === undefined || got === null) return { ok: false, code: 'ALREADY_SEATED', message: '' };
    return { ok: true, value: { ok: true, seat: got, seatToken: token } };
  }

  /** While the room takes no more watchers, its public summary shows who sits where (the page says why, no notice). */
  async #showCrowded(): Promise<void> {
    // a join refused while a claim's join got in (both in flight at once): in the room already
    if (this.joined) return;
    this.crowded = true;
    try {
      const summary = await this.#summary(this.roomId);
      if (this.crowded && !this.joined && !this.#destroyed) this.room = summary;
    } catch {
      // the next refused join asks again
    }
  }

  /** Joins again on the current connection (the server moved the seats). */
  #rejoin(): void {
    if (this.#destroyed || !this.#socket.connected) return;
    this.joined = false;
    void this.#join(this.#generation, true);
  }

  #takeJoin(reply: JoinReply): void {
    this.crowded = false;
    this.room = reply.room;
    this.seat = reply.seat;
    this.creator = reply.creator;
    this.#takeSnapshot(reply.snapshot);
    this.joined = true;
    this.#timers.release();
    // a new connection counts as visible on the server: say so when it was made in the background
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') this.#reportPresence();
  }

  /** Tells the server whether this page is seen, so a seat nobody looks at gets its turn as a push. */
  #reportPresence(): void {
    if (!this.joined || typeof document === 'undefined') return;
    void this.#requests.send('presence', { visible: document.visibilityState === 'visible' });
  }

  #takeUpdate(u: RoomUpdate): void {
    if (this.#destroyed) return;
    this.room = u.room;
    this.seat = u.seat;
    this.#takeSnapshot(u.snapshot);
  }

  /**
   * Keeps the newest snapshot: an older seq of the same match, or any state of an earlier
   * match of the room, never replaces a newer one. Null (a watcher while spectating is off)
   * clears it. The commitments seen are kept for the replay's check.
   */
  #takeSnapshot(s: Snapshot | null): void {
    if (s === null) {
      this.snapshot = null;
      return;
    }
    const cur = this.snapshot;
    if (cur && (s.matchNumber < cur.matchNumber || (cur.matchId === s.matchId && s.seq < cur.seq))) return;
    this.snapshot = s;
    rememberCommitments(this.#store, s.matchId, s.commitments);
    this.#armQuietSync();
  }

  /**
   * An update lost between servers is never sent again by itself: while someone else owes a
   * move and nothing has come for a while, ask for the room (once per quiet period).
   */
  #armQuietSync(): void {
    if (this.#quietTimer) this.#timers.cancel(this.#quietTimer);
    this.#quietTimer = null;
    const s = this.snapshot;
    if (this.#destroyed || !s || s.status.finished) return;
    if (this.seat !== null && s.status.toAct.includes(this.seat)) return;
    this.#quietTimer = this.#timers.later(() => {
      this.#quietTimer = null;
      if (this.joined) void this.sync().finally(() => this.#armQuietSync());
      else this.#armQuietSync();
    }, this.#quietSyncMs);
  }

  #whenJoined(timeoutMs: number): Promise<void> {
    if (this.joined || this.#destroyed) return Promise.resolve();
    return this.#timers.wait(timeoutMs);
  }

  #notify(code: string): void {
    this.notice = { code, id: ++this.#noticeId };
  }

  #flashReconnected(): void {
    this.reconnected = true;
    this.#timers.later(() => (this.reconnected = false), this.#noteMs);
  }
}
