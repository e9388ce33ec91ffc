import type { Seat } from '@mm/rules';
import type { Presence } from '../rooms/presence';
import { roomChannel } from './channels';
import type { ClusterBus } from './cluster-bus';
import type { IoServer, SocketData } from './io-types';

export function countPresence(sockets: readonly SocketData[]): Presence {
  const connected = new Set<Seat>();
  let spectators = 0;
  for (const data of sockets) {
    if (data.seat === null || data.seat === undefined) spectators++;
    else connected.add(data.seat);
  }
  return { connected, spectators };
}

/**
 * This process's own sockets of the room, read from the adapter's channel table: no I/O. Not
 * `io.local…fetchSockets()`: the cluster adapter asks Redis for the number of processes even for a
 * local look-up, which fails while Redis is away, exactly when this is the answer left.
 */
export function localPresence(io: IoServer, roomId: string): Presence {
  const ids = io.sockets.adapter.rooms.get(roomChannel(roomId));
  if (!ids) return { connected: new Set(), spectators: 0 };
  const data: SocketData[] = [];
  for (const id of ids) {
    const socket = io.sockets.sockets.get(id);
    if (socket) data.push(socket.data);
  }
  return countPresence(data);
}

/** `room:<id>` and `room:<id>:…` → the room id. */
const roomOf = (channel: string): string | null => (channel.startsWith('room:') ? (channel.split(':')[1] ?? null) : null);

/**
 * Presence across server processes (the Redis adapter) without asking every process at every
 * broadcast: `fetchSockets()` once, then kept until a socket joins or leaves a channel of the
 * room on any process (each process tells the others with a server-side event). A look-up that
 * raced with such a change is not kept. `fresh` asks the processes anyway: for decisions that
 * must not rest on a notice still on its way (handing a seat to a bot).
 */
export class SharedPresence {
  private readonly known = new Map<string, Presence>();
  /** bumped at every change of a room, so that a look-up that started before it is not kept */
  private readonly version = new Map<string, number>();

  constructor(
    private readonly io: IoServer,
    bus: ClusterBus,
  ) {
    const changed = (channel: string): void => {
      const roomId = roomOf(channel);
      if (roomId === null) return;
      this.forget(roomId);
      bus.publish({ type: 'presence-changed', roomId });
    };
    io.of('/').adapter.on('join-room', changed);
    io.of('/').adapter.on('leave-room', changed);
    bus.on('presence-changed', ({ roomId }) => this.forget(roomId));
  }

  async of(roomId: string, fresh = false): Promise<Presence> {
    const cached = this.known.get(roomId);
    if (cached && !fresh) return cached;
    const before = this.version.get(roomId) ?? 0;
    // Another process not answering in time (just died, say), or Redis away: this process's own
    // sockets, rather than no answer; not kept, so the next look asks everyone again.
    const sockets = await this.io
      .in(roomChannel(roomId))
      .fetchSockets()
      .catch(() => null);
    if (sockets === null) return localPresence(this.io, roomId);
    const presence = countPresence(sockets.map((s) => s.data));
    if ((this.version.get(roomId) ?? 0) === before) this.known.set(roomId, presence);
    return presence;
  }

  private forget(roomId: string): void {
    this.known.delete(roomId);
    this.version.set(roomId, (this.version.get(roomId) ?? 0) + 1);
  }
}
