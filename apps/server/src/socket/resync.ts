import type { FastifyBaseLogger } from 'fastify';
import type { RoomService } from '../rooms/room-service';
import type { Broadcaster } from './broadcaster';
import type { IoServer } from './io-types';

/** `room:<id>` exactly (a room's own channel, not a seat's or the watchers'). */
const roomOfChannel = (channel: string): string | null => {
  const parts = channel.split(':');
  return parts.length === 2 && parts[0] === 'room' && parts[1] ? parts[1] : null;
};

/**
 * Updates published while Redis was away never reached the other processes' sockets: re-sending
 * each room's newest state whole (read from the database; the broadcaster builds on nothing sent
 * before) makes up for all of them, and a delta that still builds on a missed one asks room:sync. Each process re-sends to its own sockets only (per seat, as every
 * broadcast), once Redis is back on its side or another process says it is back on theirs.
 * Several notices within `delayMs` cost one pass.
 */
export class Resync {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly io: IoServer,
    private readonly rooms: RoomService,
    private readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly delayMs = 200,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.delayMs).unref();
  }

  /** The rooms some socket of this process is in. */
  localRooms(): string[] {
    const ids: string[] = [];
    for (const channel of this.io.of('/').adapter.rooms.keys()) {
      const id = roomOfChannel(channel);
      if (id) ids.push(id);
    }
    return ids;
  }

  async run(): Promise<void> {
    const ids = this.localRooms();
    for (const id of ids) {
      try {
        const room = await this.rooms.refresh(id);
        if (room) await this.broadcaster.resendLocal(room);
      } catch (err) {
        this.log.warn({ err, roomId: id }, 'resync failed');
      }
    }
    if (ids.length) this.log.info({ rooms: ids.length }, 'views re-sent after redis came back');
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
