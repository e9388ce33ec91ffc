import type { RoomUpdate, ServerToClient } from '@mm/protocol';
import type { Seat } from '@mm/rules';
import type { Server } from 'socket.io';
import type { LiveRoom } from '../rooms/live-room';
import { SerialQueue } from '../rooms/serial-queue';
import { roomChannel, seatChannel, watchChannel } from './channels';

export interface SocketData {
  roomId: string | null;
  seat: Seat | null;
  deviceId: string | null;
  /** the match in which `seat` was taken: after a rematch that seat number is someone else's */
  matchId: string | null;
}

// eslint-style note: client→server events are untrusted and parsed by hand, so they stay untyped here.
export type IoServer = Server<Record<string, never>, ServerToClient, Record<string, never>, SocketData>;

/**
 * Sends each socket of a room its own view. Presence comes from the sockets
 * themselves (across every server, through the adapter), so it is never stale.
 */
export class Broadcaster {
  private readonly order = new SerialQueue();

  constructor(
    private readonly io: IoServer,
    /** a failed broadcast (e.g. Redis gone while closing) is logged, never an unhandled rejection */
    private readonly onError: (err: unknown, roomId: string) => void = () => {},
  ) {}

  /** Runs after earlier broadcasts of the room; a failure is reported, not thrown. */
  private inOrder(roomId: string, task: () => Promise<void>): Promise<void> {
    return this.order.run(roomId, () => task().catch((err: unknown) => this.onError(err, roomId)));
  }

  async presence(roomId: string): Promise<{ connected: Set<Seat>; spectators: number }> {
    // Another process not answering in time (just died, say): this process's own sockets, rather than no answer.
    const sockets = await this.io
      .in(roomChannel(roomId))
      .fetchSockets()
      .catch(() => this.io.local.in(roomChannel(roomId)).fetchSockets());
    const connected = new Set<Seat>();
    let spectators = 0;
    for (const s of sockets) {
      if (s.data.seat === null || s.data.seat === undefined) spectators++;
      else connected.add(s.data.seat);
    }
    return { connected, spectators };
  }

  /** Queued per room so that updates leave in the order the changes were committed. */
  publish(room: LiveRoom): Promise<void> {
    return this.inOrder(room.id, async () => {
      const { connected, spectators } = await this.presence(room.id);
      // Every broadcast is also when this server notices a person gone (or back): the away clock of takeovers.
      room.notePresence(connected, Date.now());
      const summary = room.summary(connected, spectators);
      for (const seat of room.seats) {
        const update: RoomUpdate = { room: summary, snapshot: room.snapshot(seat.index), seat: seat.index };
        this.io.to(seatChannel(room.id, seat.index)).emit('room:update', update);
      }
      this.io.to(watchChannel(room.id)).emit('room:update', { room: summary, snapshot: room.snapshotFor(null), seat: null });
    });
  }

  /**
   * A rematch moved everyone one seat on. Every socket leaves its seat or watch channel first
   * (on every server, through the adapter), so that no view of the new match can reach a socket
   * still listening on its old seat's channel; then each is told to join again with its token.
   */
  rejoin(room: LiveRoom): Promise<void> {
    return this.inOrder(room.id, async () => {
      const channels = [...room.seats.map((s) => seatChannel(room.id, s.index)), watchChannel(room.id)];
      this.io.in(roomChannel(room.id)).socketsLeave(channels);
      this.io.to(roomChannel(room.id)).emit('room:rejoin', { roomId: room.id, matchId: room.matchId });
    });
  }
}
