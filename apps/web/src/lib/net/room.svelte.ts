import type { Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  type ActReply,
  type ClaimReply,
  type ClientMessage,
  type ClientMessageName,
  type ClientReplies,
  type ClientToServer,
  type ErrorReply,
  type HintReply,
  type JoinReply,
  type ReactionPreset,
  type ReactReply,
  type RematchReply,
  type RenameReply,
  type RoomReaction,
  type RoomSummary,
  type RoomUpdate,
  type ServerToClient,
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

/**
 * The socket client of one room. It joins on every (re)connection with the stored
 * seat token, keeps the latest room summary, seat and snapshot as reactive state, and
 * sends seat claims and match actions with acknowledgements.
 */

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** Error codes made by the client itself, beside the protocol's ERROR_CODES. */
export const CLIENT_ERROR_CODES = ['NOT_CONNECTED', 'NO_ANSWER'] as const;
/** How many times an action of unknown outcome is sent again (waits of 1, 2, 4, 8 and 16 s by default) before the page says so. */
const UNKNOWN_RESENDS = 5;
/** Server errors after which this device acts for nobody it did: the socket is closed and stays closed. */
export const GONE_CODES = ['DEVICE_REMOVED', 'PLAYER_DELETED'] as const;

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string; seq?: number };

/** The part of a socket.io client socket this class uses (tests pass a fake). */
export type RoomSocket = Pick<
  Socket<ServerToClient, ClientToServer>,
  'connected' | 'active' | 'on' | 'connect' | 'disconnect' | 'timeout'
>;

export interface RoomConnectionOptions {
  socket?: RoomSocket;
  store?: KeyValueStore;
  /** how long an acknowledgement may take */
  ackTimeoutMs?: number;
  /** how long the "reconnected" note stays */
  reconnectedNoteMs?: number;
  /** how long a resend waits for the room to be joined again */
  resendWaitMs?: number;
  /** the first wait before an action whose outcome the server did not know (OUTCOME_UNKNOWN) is sent again; doubled at each try */
  unknownResendMs?: number;
  /** how long after the server refused the connection it is tried again */
  refusedRetryMs?: number;
  /** how long without news, while someone else owes a move, before asking for the room again */
  quietSyncMs?: number;
  /** reads the room's public summary over HTTP (tests pass a fake) */
  summary?: (roomId: string) => Promise<RoomSummary>;
}

/** The error code of a connection the server refused (its `connect_error` carries an ErrorReply as `data`), or null. */
export function refusedWith(err: unknown): string | null {
  const data = err && typeof err === 'object' ? (err as { data?: unknown }).data : undefined;
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

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
  readonly #ackMs: number;
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
  #joinWaiters: (() => void)[] = [];
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping of pending timers, never rendered
  #timers = new Set<ReturnType<typeof setTimeout>>();
  #noticeId = 0;
  #cleanup: (() => void)[] = [];
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- listeners, never rendered
  #reactionListeners = new Set<(r: RoomReaction) => void>();

  constructor(roomId: string, opts: RoomConnectionOptions = {}) {
    this.roomId = roomId;
    this.#store = opts.store ?? browserStore();
    this.#device = deviceToken(this.#store);
    this.#ackMs = opts.ackTimeoutMs ?? 8000;
    this.#noteMs = opts.reconnectedNoteMs ?? 4000;
    this.#resendWaitMs = opts.resendWaitMs ?? 15000;
    this.#unknownResendMs = opts.unknownResendMs ?? 1000;
    this.#refusedRetryMs = opts.refusedRetryMs ?? 10000;
    this.#quietSyncMs = opts.quietSyncMs ?? 20000;
    this.#summary = opts.summary ?? ((id) => roomSummary(id));
    this.#socket = opts.socket ?? roomSocket(roomId);
    this.#wire();
  }

  /** Opens the connection (socket.io then reconnects by itself whenever it drops). */
  start(): void {
    if (!this.#socket.connected && !this.#socket.active) this.#socket.connect();
  }

  destroy(): void {
    this.#destroyed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    for (const c of this.#cleanup) c();
    this.#socket.disconnect();
    this.#releaseJoinWaiters();
  }

  /** The latest RoomUpdate with a match view, as one value (null while there is none). */
  get update(): (RoomUpdate & { snapshot: Snapshot }) | null {
    return this.room && this.snapshot ? { room: this.room, snapshot: this.snapshot, seat: this.seat } : null;
  }

  /** Sit in a free seat; the secret seat token is kept in localStorage for every later visit. */
  async claimSeat(seat: Seat, name: string): Promise<Outcome<ClaimReply>> {
    if (!this.joined && this.crowded) return this.#joinInto(seat, name);
    const r = await this.#request('seat:claim', { seat, name, deviceToken: this.#device });
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
    const r = await this.#request('seat:rename', { name });
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
    if (!this.joined) return this.#fail('NOT_CONNECTED');
    let r = await this.#request('match:act', payload);
    if (!r.ok && r.code === 'NO_ANSWER' && !this.#destroyed) {
      await this.#whenJoined(this.#resendWaitMs);
      if (this.joined) r = await this.#request('match:act', payload);
    }
    r = await this.#settleUnknown(r, payload);
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
    if (!r.ok && r.code === 'MATCH_CHANGED') this.#rejoin();
    return r;
  }

  /**
   * The database may have stored the action without the server knowing (OUTCOME_UNKNOWN): the same
   * actionId is sent again, later and later, until the answer is known (accepted, DUPLICATE_ACTION:
   * it was stored, or a refusal of the action itself). While the database is still away the resend
   * gets UNAVAILABLE, which says nothing of the first send: still unknown, and so reported.
   */
  async #settleUnknown(first: Outcome<ActReply>, payload: ClientMessage<'match:act'>): Promise<Outcome<ActReply>> {
    let r = first;
    const unknown = (o: Outcome<ActReply>): boolean => !o.ok && ['OUTCOME_UNKNOWN', 'UNAVAILABLE', 'NO_ANSWER'].includes(o.code);
    if (r.ok || r.code !== 'OUTCOME_UNKNOWN') return r;
    for (let i = 0; i < UNKNOWN_RESENDS && unknown(r) && !this.#destroyed; i++) {
      await this.#pause(this.#unknownResendMs * 2 ** i);
      if (this.joined) r = await this.#request('match:act', payload);
    }
    return unknown(r) ? { ok: false, code: 'OUTCOME_UNKNOWN', message: r.ok ? '' : r.message } : r;
  }

  /** Asks for this socket's current snapshot (catch-up). */
  async sync(): Promise<void> {
    if (!this.joined) return;
    const r = await this.#request('room:sync', {});
    if (r.ok) this.#takeSnapshot(r.value.snapshot);
    else if (r.code === 'MATCH_CHANGED') this.#rejoin();
  }

  /** The room's creator turns spectating on or off. */
  setSpectators(on: boolean): Promise<Outcome<{ ok: true }>> {
    if (!this.joined) return Promise.resolve(this.#fail('NOT_CONNECTED'));
    return this.#request('room:settings', { spectators: on });
  }

  /** Accepts (or withdraws from) a rematch of the finished match. */
  async voteRematch(accept: boolean): Promise<Outcome<RematchReply>> {
    if (!this.joined) return this.#fail('NOT_CONNECTED');
    const r = await this.#request('match:rematch', { accept });
    if (!r.ok && r.code === 'MATCH_CHANGED') this.#rejoin();
    return r;
  }

  /** The room's creator seats a bot in a free seat. */
  addBot(seat: Seat, strength: BotStrength = DEFAULT_BOT_STRENGTH): Promise<Outcome<{ ok: true }>> {
    if (!this.joined) return Promise.resolve(this.#fail('NOT_CONNECTED'));
    return this.#request('seat:bot', { seat, strength });
  }

  /** Hands the seat of someone away long enough to a bot (NOT_AWAY when too early). */
  takeOver(seat: Seat): Promise<Outcome<{ ok: true }>> {
    if (!this.joined) return Promise.resolve(this.#fail('NOT_CONNECTED'));
    return this.#request('seat:takeover', { seat });
  }

  /** Asks the solver for a strong next code from this seat's own view (rooms with hints on). */
  async hint(): Promise<Outcome<HintReply>> {
    if (!this.joined) return this.#fail('NOT_CONNECTED');
    const r = await this.#request('match:hint', {});
    if (!r.ok && r.code === 'MATCH_CHANGED') this.#rejoin();
    return r;
  }

  /** Sends a preset reaction to the room's other phones: not an action, nothing is stored, never resent. */
  react(preset: ReactionPreset): Promise<Outcome<ReactReply>> {
    if (!this.joined) return Promise.resolve(this.#fail('NOT_CONNECTED'));
    return this.#request('room:react', { preset });
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
      this.connection = this.#browserOffline() ? 'offline' : 'reconnecting';
      this.reconnected = false;
      // the server closed us on purpose: socket.io does not retry by itself then
      if (reason === 'io server disconnect') this.#later(() => this.start(), 1000);
    });
    s.on('connect_error', (err: unknown) => {
      if (this.#destroyed) return;
      this.connection = this.#browserOffline() ? 'offline' : this.#everConnected ? 'reconnecting' : 'connecting';
      // Refused by the server (e.g. TOO_MANY_CONNECTIONS): say why; socket.io does not retry a refusal by itself.
      const code = refusedWith(err);
      if (code === null) return;
      this.#notify(code);
      this.#later(() => this.start(), this.#refusedRetryMs);
    });
    s.on('room:update', (u) => this.#takeUpdate(u));
    s.on('server:error', (e) => {
      if ((GONE_CODES as readonly string[]).includes(e.code)) this.gone = e.code;
      this.#notify(e.code);
    });
    // a rematch moved everyone one seat on: the same seat token now holds the next seat
    s.on('room:rejoin', () => this.#rejoin());
    s.on('room:reaction', (r) => this.#reactionListeners.forEach((listener) => listener(r)));

    if (typeof window !== 'undefined') {
      const offline = (): void => {
        if (!this.#socket.connected) this.connection = 'offline';
      };
      const online = (): void => {
        if (!this.#socket.connected) {
          this.connection = this.#everConnected ? 'reconnecting' : 'connecting';
          this.start();
        }
      };
      window.addEventListener('offline', offline);
      window.addEventListener('online', online);
      this.#cleanup.push(() => window.removeEventListener('offline', offline));
      this.#cleanup.push(() => window.removeEventListener('online', online));
    }
    if (typeof document !== 'undefined') {
      // a phone waking up: catch up at once if the socket survived, else push a reconnect
      const visible = (): void => {
        this.#reportPresence();
        if (document.visibilityState !== 'visible') return;
        if (this.#socket.connected) void this.sync();
        else this.start();
      };
      document.addEventListener('visibilitychange', visible);
      this.#cleanup.push(() => document.removeEventListener('visibilitychange', visible));
    }
  }

  async #join(generation: number, retryBadToken: boolean): Promise<void> {
    const token = seatToken(this.#store, this.roomId);
    const payload: ClientMessage<'room:join'> = { protocol: PROTOCOL_VERSION, roomId: this.roomId, deviceToken: this.#device };
    if (token) payload.seatToken = token;
    const r = await this.#request('room:join', payload);
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
    this.#later(() => {
      if (generation === this.#generation && this.#socket.connected && !this.joined) void this.#join(generation, retryBadToken);
    }, 2000);
  }

  /** A room with no watcher's place free: join it in the seat claimed, in one message. */
  async #joinInto(seat: Seat, name: string): Promise<Outcome<ClaimReply>> {
    const generation = this.#generation;
    const r = await this.#request('room:join', {
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
    this.#releaseJoinWaiters();
    // a new connection counts as visible on the server: say so when it was made in the background
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') this.#reportPresence();
  }

  /** Tells the server whether this page is seen, so a seat nobody looks at gets its turn as a push. */
  #reportPresence(): void {
    if (!this.joined || typeof document === 'undefined') return;
    void this.#request('presence', { visible: document.visibilityState === 'visible' });
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
    if (this.#quietTimer) clearTimeout(this.#quietTimer);
    this.#timers.delete(this.#quietTimer as ReturnType<typeof setTimeout>);
    this.#quietTimer = null;
    const s = this.snapshot;
    if (this.#destroyed || !s || s.status.finished) return;
    if (this.seat !== null && s.status.toAct.includes(this.seat)) return;
    const t = setTimeout(() => {
      this.#timers.delete(t);
      this.#quietTimer = null;
      if (this.#destroyed) return;
      if (this.joined) void this.sync().finally(() => this.#armQuietSync());
      else this.#armQuietSync();
    }, this.#quietSyncMs);
    this.#quietTimer = t;
    this.#timers.add(t);
  }

  async #request<N extends ClientMessageName>(name: N, payload: ClientMessage<N>): Promise<Outcome<ClientReplies[N]>> {
    if (!this.#socket.connected) return this.#fail('NOT_CONNECTED');
    try {
      // socket.io's typing of emitWithAck over a mapped event table is too deep to follow generically
      const timed = this.#socket.timeout(this.#ackMs);
      const emit = timed.emitWithAck as unknown as (ev: N, p: ClientMessage<N>) => Promise<ClientReplies[N] | ErrorReply>;
      const reply = await emit.call(timed, name, payload);
      if (reply && reply.ok === true) return { ok: true, value: reply };
      const e = (reply ?? {}) as Partial<ErrorReply>;
      const out: Outcome<ClientReplies[N]> = { ok: false, code: e.code ?? 'UNKNOWN', message: e.message ?? '' };
      if (typeof e.seq === 'number') out.seq = e.seq;
      return out;
    } catch (err) {
      // a timeout, or the connection dropped before the answer came
      return this.#fail('NO_ANSWER', err instanceof Error ? err.message : String(err));
    }
  }

  #fail(code: (typeof CLIENT_ERROR_CODES)[number], message = ''): { ok: false; code: string; message: string } {
    return { ok: false, code: this.gone ?? code, message };
  }

  #whenJoined(timeoutMs: number): Promise<void> {
    if (this.joined || this.#destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#timers.delete(timer);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.#timers.add(timer);
      this.#joinWaiters.push(done);
    });
  }

  #releaseJoinWaiters(): void {
    const waiters = this.#joinWaiters;
    this.#joinWaiters = [];
    for (const w of waiters) w();
  }

  #notify(code: string): void {
    this.notice = { code, id: ++this.#noticeId };
  }

  #flashReconnected(): void {
    this.reconnected = true;
    this.#later(() => (this.reconnected = false), this.#noteMs);
  }

  #later(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.#timers.delete(t);
      if (!this.#destroyed) fn();
    }, ms);
    this.#timers.add(t);
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => this.#later(resolve, ms));
  }

  #browserOffline(): boolean {
    return typeof navigator !== 'undefined' && navigator.onLine === false;
  }
}
