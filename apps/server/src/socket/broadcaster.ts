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
}

// eslint-style note: client→server events are untrusted and parsed by hand, so they stay untyped here.
export type IoServer = Server<Record<string, never>, ServerToClient, Record<string, never>, SocketData>;

/**
 * Sends each socket of a room its own view. Presence comes from the sockets
 * themselves (across every server, through the adapter), so it is never stale.
 */
export class Broadcaster {
  private readonly order = new SerialQueue();

  constructor(private readonly io: IoServer) {}

  async presence(roomId: string): Promise<{ connected: Set<Seat>; spectators: number }> {
    const sockets = await this.io.in(roomChannel(roomId)).fetchSockets();
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
    return this.order.run(room.id, async () => {
      const { connected, spectators } = await this.presence(room.id);
      const summary = room.summary(connected, spectators);
      for (const seat of room.seats) {
        const update: RoomUpdate = { room: summary, snapshot: room.snapshot(seat.index), seat: seat.index };
        this.io.to(seatChannel(room.id, seat.index)).emit('room:update', update);
      }
      this.io.to(watchChannel(room.id)).emit('room:update', { room: summary, snapshot: room.snapshot(null), seat: null });
    });
  }
}
