import {
  applyRoomDelta,
  type ActReply,
  type AnotherReply,
  type ClaimReply,
  type HintReply,
  type ReactionPreset,
  type ReactReply,
  type RematchReply,
  type RenameReply,
  type RoomDelta,
  type RoomReaction,
  type RoomSummary,
  type RoomUpdate,
  type Snapshot,
} from '@mm/protocol/pure';
import { DEFAULT_BOT_STRENGTH, type BotStrength, type Seat } from '@mm/rules/pure';
import { browserStore, deviceToken, rememberCommitments, saveName, saveSeatToken, type KeyValueStore } from './storage';
import { newActionId } from './tokens';
import { roomSummary } from './api';
import { roomSocket } from './room-socket';
import { RoomRequests, type Outcome, type RoomSocket } from './room-request';
import { resendAction } from './room-resend';
import { RoomTimers } from './room-timers';
import { browserOffline, watchBrowser } from './room-browser';
import { GONE_CODES, refusedWith, type ConnectionState, type RoomConnectionOptions } from './room-options';
import { RoomJoin } from './room-join';

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
  #quietTimer: ReturnType<typeof setTimeout> | null = null;
  #everConnected = false;
  #destroyed = false;
  readonly #timers = new RoomTimers();
  readonly #requests: RoomRequests;
  readonly #joins: RoomJoin;
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
    this.#socket = opts.socket ?? roomSocket(roomId);
    this.#requests = new RoomRequests({
      socket: this.#socket,
      ackMs: opts.ackTimeoutMs ?? 8000,
      joined: () => this.joined,
      gone: () => this.gone,
      rejoin: () => this.#joins.rejoin(),
    });
    this.#joins = new RoomJoin(this, {
      device: this.#device,
      store: this.#store,
      socket: this.#socket,
      requests: this.#requests,
      timers: this.#timers,
      summary: opts.summary ?? ((id) => roomSummary(id)),
      destroyed: () => this.#destroyed,
      takeSnapshot: (snapshot) => this.#takeSnapshot(snapshot),
      reportPresence: () => this.#reportPresence(),
      notify: (code) => this.#notify(code),
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
    if (!this.joined && this.crowded) return this.#joins.into(seat, name);
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
      whenJoined: (ms) => (this.joined || this.#destroyed ? Promise.resolve() : this.#timers.wait(ms)),
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

  /** Asks for the room's summary and this socket's current snapshot (catch-up). */
  async sync(): Promise<void> {
    const r = await this.#requests.send('room:sync', {});
    if (!r.ok || this.#destroyed) return;
    // as the snapshot: an answer about an earlier match (a rematch began meanwhile) is left aside
    if (!this.room || r.value.room.match.number >= this.room.match.number) this.room = r.value.room;
    this.#takeSnapshot(r.value.snapshot);
  }

  /** The room's creator turns spectating on or off. */
  setSpectators(on: boolean): Promise<Outcome<{ ok: true }>> {
    return this.#requests.send('room:settings', { spectators: on });
  }

  /** Accepts (or withdraws from) a rematch of the finished match. */
  voteRematch(accept: boolean): Promise<Outcome<RematchReply>> {
    return this.#requests.send('match:rematch', { accept });
  }

  /** Once the match is over, starts another game (a preset of any family) at this table. */
  anotherGame(preset: string): Promise<Outcome<AnotherReply>> {
    return this.#requests.send('match:another', { preset });
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
      this.connection = 'connected';
      if (this.#everConnected) this.#flashReconnected();
      this.#everConnected = true;
      this.#joins.connected();
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
    s.on('room:delta', (d) => this.#takeDelta(d));
    s.on('server:error', (e) => {
      if ((GONE_CODES as readonly string[]).includes(e.code)) this.gone = e.code;
      this.#notify(e.code);
    });
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
   * Folds what changed into the summary and snapshot held; a delta that does not follow them (an
   * update missed, or joined on another base) means the full snapshot is needed: ask for it.
   */
  #takeDelta(d: RoomDelta): void {
    if (this.#destroyed) return;
    const held = this.room && this.snapshot ? { room: this.room, snapshot: this.snapshot } : null;
    const next = applyRoomDelta(held, d);
    if (next === 'stale') return;
    if (next === 'gap') return void this.sync();
    this.room = next.room;
    this.#takeSnapshot(next.snapshot);
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

  #notify(code: string): void {
    this.notice = { code, id: ++this.#noticeId };
  }

  #flashReconnected(): void {
    this.reconnected = true;
    this.#timers.later(() => (this.reconnected = false), this.#noteMs);
  }
}
