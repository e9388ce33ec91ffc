// The rooms in this process's memory: each loaded from its log on first use, changed one operation
// at a time (its serial queue), caught up with what other processes committed, and announced to
// the subscribers after every committed change. The commands (seat-commands.ts,
// match-commands.ts, room-settings.ts) run inside it; RoomService is their one front.
import type { ErrorReply } from '@mm/protocol';
import type { RoomStorage } from '../db/store';
import { fault, matchChanged } from '../errors';
import { matchRater } from '../ratings/rate';
import { SerialQueue } from '../shared/serial-queue';
import { LiveRoom } from './live-room';
import type { Presence } from './presence';
import { COUNTDOWN_MS, nextGate, sameGate } from './start-gate';

/** How long a room nobody is in stays in memory, unless told (ROOM_IDLE_MS). */
const DEFAULT_IDLE_MS = 10 * 60_000;

/** After an append of unknown outcome, the log is read again this soon, then less and less often while it fails. */
const REREAD_FIRST_MS = 500;
const REREAD_MAX_MS = 10_000;
/** Reads tried by themselves (about ten minutes' worth); after them, the room's next operation reads first anyway. */
const REREAD_TRIES = 64;

/** What a subscriber of the room service hears; each hook runs inside the room's queue and must not wait on it. */
export interface RoomHooks {
  /** after every committed change, in commit order per room */
  onChange: (room: LiveRoom) => void;
  /** a rematch has begun (before its first onChange): every socket of the room must join again */
  onRematch?: (room: LiveRoom) => void;
  /** a room came into memory (created, or loaded from its log) */
  onLoad?: (room: LiveRoom) => void;
  /**
   * a setting of the room (spectating) was stored, after its onChange: another process's copy of
   * the room does not read settings again by itself, so it must be told
   */
  onSettings?: (room: LiveRoom) => void;
}

/** `secondMs`: the length of one second of every room timer (SECOND_MS); `idleMs`: how long a room nobody is in stays in memory (ROOM_IDLE_MS). */
export interface RoomTimers {
  secondMs: number;
  idleMs?: number;
  /** a simultaneous start's countdown (START_COUNTDOWN_MS; COUNTDOWN_MS unless told) */
  countdownMs?: number;
}

/**
 * A seat-bound message from a socket that got its seat in an earlier match of the room:
 * a rematch has moved everyone one seat on since, so that seat number is someone else's now.
 */
export const seatMoved = (room: LiveRoom, matchId: string | null): ErrorReply | null =>
  matchId !== null && matchId !== room.matchId ? matchChanged() : null;

export class RoomCache {
  private readonly live = new Map<string, LiveRoom>();
  private readonly queue = new SerialQueue();
  private readonly listeners = new Set<RoomHooks>();
  /** rooms someone left, and the check that drops them from memory if nobody is there by then */
  private readonly idle = new Map<string, NodeJS.Timeout>();
  /** rooms whose memory may be behind their log (an append of unknown outcome), and the read that will settle it */
  private readonly rereads = new Map<string, NodeJS.Timeout>();
  /** per room, the refresh queued and not yet started, which later callers share */
  private readonly waitingRefresh = new Map<string, Promise<LiveRoom | null>>();

  constructor(
    private readonly store: RoomStorage,
    readonly timers: RoomTimers,
  ) {}

  /** Hears every room's changes from now on (each hook in the room's queue); returns how to stop. */
  subscribe(hooks: RoomHooks): () => void {
    this.listeners.add(hooks);
    return () => this.listeners.delete(hooks);
  }

  announce(room: LiveRoom): void {
    for (const l of this.listeners) l.onChange(room);
  }
  announceRematch(room: LiveRoom): void {
    for (const l of this.listeners) l.onRematch?.(room);
  }
  /** a setting of the room was stored (after its announce): other processes' copies must hear of it */
  announceSettings(room: LiveRoom): void {
    for (const l of this.listeners) l.onSettings?.(room);
  }

  /** Runs `fn` in the room's queue: one operation at a time per room. */
  run<T>(roomId: string, fn: () => Promise<T>): Promise<T> {
    return this.queue.run(roomId, fn);
  }

  /**
   * Runs `fn` on the room, in the room's queue: ROOM_NOT_FOUND for a room that does not exist, and
   * MATCH_CHANGED when `matchId` (the match a socket got its seat in; null: not checked) is not
   * the room's match any more.
   */
  withRoom<R>(roomId: string, matchId: string | null, fn: (room: LiveRoom) => Promise<R>): Promise<R | ErrorReply> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      // An append of unknown outcome: nothing is judged against memory before the log is read (a
      // failed read throws: UNAVAILABLE, nothing changed, and the room stays unsure).
      if (room.unsure) await this.catchUp(room);
      return seatMoved(room, matchId) ?? fn(room);
    });
  }

  /** Rooms held in memory now (a gauge of /metrics). */
  get loadedCount(): number {
    return this.live.size;
  }

  /** The room if it is in memory, without touching the store. */
  cached(roomId: string): LiveRoom | undefined {
    return this.live.get(roomId);
  }

  /** The room from memory, or loaded from its log (in the caller's turn of the room's queue). */
  async load(roomId: string): Promise<LiveRoom | null> {
    const cached = this.live.get(roomId);
    if (cached) return cached;
    const stored = await this.store.loadRoom(roomId);
    if (!stored) return null;
    const room = new LiveRoom(stored, this.timers.secondMs);
    this.live.set(roomId, room);
    for (const l of this.listeners) l.onLoad?.(room);
    return room;
  }

  /** Replaces the cached room by what the store holds now (its newest match). */
  async reload(room: LiveRoom): Promise<LiveRoom | null> {
    this.live.delete(room.id);
    return this.load(room.id);
  }

  /**
   * The seats as the store holds them, after a seat write lost to another process (or one that
   * did not know what memory says): memory learns who sits where now.
   */
  async learnSeats(room: LiveRoom): Promise<void> {
    const seats = await this.store.loadSeats(room.id);
    // none: the room is gone from the store; memory keeps what it knew
    if (seats.length > 0) room.replaceSeats(seats);
  }

  /**
   * A simultaneous start after a change of its seats (or of a person's ready: `ready`): a seat freed
   * or changing hands forgets its ready, and the countdown starts or stops (start-gate.ts). The
   * gate is stored before memory changes; a write refused (the match opened or finished meanwhile,
   * on another process) makes memory read it. Nothing is announced: the caller's change is.
   */
  async settleStart(room: LiveRoom, ready: readonly number[] = room.start.ready, now = Date.now()): Promise<void> {
    if (room.started) return;
    const next = nextGate(room.start, room.seats, ready, now, this.timers.countdownMs ?? COUNTDOWN_MS);
    if (sameGate(next, room.start)) return;
    if (await this.store.setStartGate(room.matchId, next.ready, next.startsAt === null ? null : new Date(next.startsAt))) {
      room.setStart(next);
    } else await this.learnStart(room);
  }

  /** The start gate as the store holds it (another process may have opened the match). */
  async learnStart(room: LiveRoom): Promise<void> {
    const stored = await this.store.loadStartGate(room.matchId);
    if (stored) room.setStart(stored);
  }

  /** Folds what the log holds past memory; whether memory moved. */
  async catchUp(room: LiveRoom): Promise<boolean> {
    const unsure = room.unsure;
    const before = room.seq;
    const newer = await this.store.actionsSince(room.matchId, room.seq);
    room.foldIn(newer);
    await this.recordFinish(room);
    const moved = room.seq !== before;
    // An action of ours stored while its sender heard OUTCOME_UNKNOWN: nobody announced it yet.
    if (unsure && moved) this.announce(room);
    return moved;
  }

  /**
   * The result column is derivable from the log; it is kept for listing matches without folding.
   * The ratings are written with it, in its transaction (a finish rates once, whichever process records it).
   */
  async recordFinish(room: LiveRoom): Promise<void> {
    const status = room.status();
    if (!status.finished || room.finishedRecorded) return;
    // A seat a bot is playing for its person when the match ends was abandoned: rated as a loss.
    const abandoned = room.seats.filter((s) => s.takenOver).map((s) => s.index);
    await this.store.finishMatch(
      room.matchId,
      { winners: status.winners, draw: status.draw, scores: status.scores },
      { abandoned, rater: matchRater },
    );
    room.markFinishRecorded();
  }

  /**
   * Catches a cached room up with the seats, actions (or a rematch) another server may have committed.
   * Callers that arrive while a refresh of the room waits its turn share it: it has not read the
   * store yet, so it sees whatever they would. A crowd re-joining one room thus costs one read at a
   * time, not one per join queued ahead of the players' moves (issue: join amplification).
   */
  refresh(roomId: string): Promise<LiveRoom | null> {
    const waiting = this.waitingRefresh.get(roomId);
    if (waiting) return waiting;
    const refreshed = this.queue.run(roomId, async () => {
      // Reading from now on: a caller after this point may have seen a later commit, and waits for the next one.
      this.waitingRefresh.delete(roomId);
      let room = await this.load(roomId);
      if (!room) return null;
      const current = await this.store.currentMatchId(roomId);
      if (current !== null && current !== room.matchId) room = await this.reload(room);
      if (room) {
        // A seat claimed, handed to a bot or given back on another server: without this, its token would be unknown here.
        await this.learnSeats(room);
        // Only while a simultaneous start waits: every other room's join reads no more than before.
        if (!room.started) await this.learnStart(room);
        await this.catchUp(room);
      }
      return room;
    });
    this.waitingRefresh.set(roomId, refreshed);
    return refreshed;
  }

  /**
   * A room whose seats or creator changed in the store outside this service ("Delete me"): a cached
   * copy is read again (it would still know the old tokens and creator), and the change is announced.
   */
  changedInStore(roomId: string): Promise<void> {
    return this.queue.run(roomId, async () => {
      const cached = this.live.get(roomId);
      const room = cached ? await this.reload(cached) : await this.load(roomId);
      if (!room) return;
      await this.catchUp(room);
      this.announce(room);
    });
  }

  /** Drops a room from memory (between two operations on it); its log brings it back. */
  forget(roomId: string): Promise<void> {
    return this.queue.run(roomId, async () => {
      this.live.delete(roomId);
    });
  }

  /**
   * Someone left the room (whoever sees the sockets says so): once the idle time has passed, the
   * room leaves memory if `presence` then finds nobody in it (null: unknown, it stays). Its log
   * brings it back on demand. Each departure starts the wait again.
   */
  vacated(roomId: string, presence: () => Promise<Presence | null>): void {
    clearTimeout(this.idle.get(roomId));
    this.idle.set(
      roomId,
      setTimeout(() => {
        this.idle.delete(roomId);
        void presence().then((now) => {
          if (now !== null && now.connected.size === 0 && now.spectators === 0) return this.forget(roomId);
        });
      }, this.timers.idleMs ?? DEFAULT_IDLE_MS).unref(),
    );
  }

  /**
   * Reads the log of a room left unsure by an append of unknown outcome, soon and then less and
   * less often until a read succeeds: the room catches up (and announces what it finds) even if
   * no one acts in it here again. Ends when the room has left memory (it is loaded from the log),
   * or after REREAD_TRIES (its next operation still reads first).
   */
  rereadLater(roomId: string, waitMs = REREAD_FIRST_MS, tries = 1): void {
    if (this.rereads.has(roomId) || tries > REREAD_TRIES) return;
    const timer = setTimeout(() => {
      void this.queue
        .run(roomId, async () => {
          const room = this.live.get(roomId);
          if (room?.unsure) await this.catchUp(room);
        })
        .then(
          () => this.rereads.delete(roomId),
          () => {
            this.rereads.delete(roomId);
            this.rereadLater(roomId, Math.min(REREAD_MAX_MS, waitMs * 2), tries + 1);
          },
        );
    }, waitMs).unref();
    this.rereads.set(roomId, timer);
  }
}
