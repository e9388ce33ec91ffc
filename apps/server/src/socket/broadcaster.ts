import { seatIndexSchema, type RoomUpdate } from '@mm/protocol';
import type { LiveRoom } from '../rooms/live-room';
import { SerialQueue } from '../shared/serial-queue';
import { ChannelViews } from './channel-views';
import { roomChannel, seatChannel, watchChannel } from './channels';
import { AwayClocks } from './away-clocks';
import type { IoServer } from './io-types';
import type { Absence, Presence } from '../rooms/presence';
import type { ClusterBus } from './cluster-bus';
import { localPresence, SharedPresence } from './shared-presence';

/** Rooms whose views are worked out in one event-loop turn at most (exported for its test). */
export const ROOMS_PER_TURN = 32;

/**
 * Sends each socket of a room its own view. Presence comes from the sockets themselves: on one
 * server process from the adapter's own channel table (no I/O, no copy); with several (`shared`:
 * the Redis adapter) by asking every process, kept until a socket joins or leaves (SharedPresence).
 */
export class Broadcaster {
  private readonly order = new SerialQueue();
  /** rooms whose views go out after this turn, with the newest state to send */
  private readonly due = new Map<string, { room: LiveRoom; sent: Promise<void>; markSent: () => void }>();
  private flushing = false;

  constructor(
    private readonly io: IoServer,
    /** a failed broadcast (e.g. Redis gone while closing) is logged, never an unhandled rejection */
    private readonly onError: (err: unknown, roomId: string) => void = () => {},
    /** `bus`: other server processes may hold sockets of the same rooms (when it is `shared`: the Redis adapter). */
    options: { bus?: ClusterBus } = {},
  ) {
    this.shared = options.bus?.shared ? new SharedPresence(io, options.bus) : null;
    this.views = new ChannelViews(io);
  }
  private readonly shared: SharedPresence | null;
  /** what each channel was sent last, so that the next update sends only what changed */
  private readonly views: ChannelViews;
  /** how long each person's seat has been seen without a socket here: what a takeover waits for */
  private readonly away = new AwayClocks();

  /**
   * Who is in the room now, asked of every process, and how long each seat's person has been seen
   * gone by this server's clock: what the room service judges a takeover by (handed to it by the
   * takeover's handler; the broadcaster never calls the service).
   */
  async absence(room: LiveRoom): Promise<Absence> {
    const { connected } = await this.presence(room.id, { fresh: true });
    const now = Date.now();
    this.away.note(room, connected, now);
    return { connected, awayMs: (seat) => this.away.awayFor(room, seat, now) };
  }

  /** Runs after earlier broadcasts of the room; a failure is reported, not thrown. */
  private inOrder(roomId: string, task: () => Promise<void> | void): Promise<void> {
    return this.order.run(roomId, async () => {
      try {
        await task();
      } catch (err) {
        this.onError(err, roomId);
      }
    });
  }

  /** `fresh`: with several processes, ask them all now rather than trust what was kept. */
  async presence(roomId: string, opts: { fresh?: boolean } = {}): Promise<Presence> {
    return this.shared ? this.shared.of(roomId, opts.fresh) : localPresence(this.io, roomId);
  }

  /** Whether a channel may have a listener: known exactly on one process, assumed with several. */
  private listened(channel: string): boolean {
    return this.shared !== null || (this.io.sockets.adapter.rooms.get(channel)?.size ?? 0) > 0;
  }

  /**
   * Sends the room's views after the current event-loop turn, queued per room so that updates
   * leave in commit order. Deferred so that the acknowledgements of a whole group commit go out
   * before the views are worked out, and so that several changes of one room in one turn cost
   * one broadcast (of the newest state: a delta from what the channel was sent last).
   */
  publish(room: LiveRoom): Promise<void> {
    const waiting = this.due.get(room.id);
    if (waiting) {
      waiting.room = room;
      return waiting.sent;
    }
    let markSent = (): void => {};
    const sent = new Promise<void>((resolve) => (markSent = resolve));
    this.due.set(room.id, { room, sent, markSent });
    this.scheduleFlush();
    return sent;
  }

  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      let rooms = 0;
      for (const [id, d] of this.due) {
        // A big group commit (the loop was held up) is sent over several turns, so that the
        // writes of each part, and I/O meanwhile, need not wait for every view of it.
        if (rooms++ === ROOMS_PER_TURN) return this.scheduleFlush();
        this.due.delete(id);
        void this.inOrder(id, () => this.send(d.room)).then(d.markSent);
      }
    });
  }

  /**
   * Sends this process's own sockets of the room their views again (after a Redis outage, when
   * updates from other processes may have been lost): per seat channel, as every broadcast.
   */
  resendLocal(room: LiveRoom): Promise<void> {
    return this.inOrder(room.id, () => {
      // deltas sent meanwhile may not have reached these sockets: build on nothing
      this.views.forget(room);
      return this.send(room, true);
    });
  }

  private async send(room: LiveRoom, localOnly = false): Promise<void> {
    const { connected, spectators } = await this.presence(room.id);
    // Every broadcast is also when this server notices a person gone (or back).
    this.away.note(room, connected, Date.now());
    // A view is worked out only for a channel someone listens on: nothing for rooms nobody watches.
    const seats = room.seats.filter((s) => this.listened(seatChannel(room.id, s.index)));
    const watched = this.listened(watchChannel(room.id));
    if (seats.length === 0 && !watched) return;
    const summary = room.summary(connected, spectators);
    const out = localOnly ? this.io.local : this.io;
    // Each channel's update (or what changed of it) is worked out once, for all of its sockets.
    const emit = (channel: string, update: RoomUpdate): void => {
      const delta = this.views.next(room, channel, update);
      if (delta) out.to(channel).emit('room:delta', delta);
      else out.to(channel).emit('room:update', update);
    };
    for (const seat of seats)
      emit(seatChannel(room.id, seat.index), { room: summary, snapshot: room.snapshot(seat.index), seat: seat.index });
    if (watched) emit(watchChannel(room.id), { room: summary, snapshot: room.snapshotFor(null), seat: null });
  }

  /**
   * A rematch moved everyone one seat on. Every socket leaves its seat or watch channel first
   * (on every server, through the adapter), so that no view of the new match can reach a socket
   * still listening on its old seat's channel; then each is told to join again with its token.
   */
  rejoin(room: LiveRoom): Promise<void> {
    // A view of the old match still waiting to go would reach sockets joining their new seats.
    const stale = this.due.get(room.id);
    if (stale) {
      this.due.delete(room.id);
      stale.markSent();
    }
    return this.inOrder(room.id, async () => {
      this.views.forget(room);
      // Every seat a table may have, not only the new match's: another game may have fewer seats
      // than the last, and a tab that never joins again must not stay in a seat's channel.
      const seats = Math.max(room.seats.length, (seatIndexSchema.maxValue ?? 0) + 1);
      const channels = [...Array.from({ length: seats }, (_, i) => seatChannel(room.id, i)), watchChannel(room.id)];
      this.io.in(roomChannel(room.id)).socketsLeave(channels);
      this.io.to(roomChannel(room.id)).emit('room:rejoin', { roomId: room.id, matchId: room.matchId });
    });
  }
}
