// A simultaneous start (docs/rules.md, "Ready and countdown"): a seated person's ready, and the
// opening of the match when its countdown ends (the start duty asks it, duties/start-duty.ts). Each
// runs in the room's queue (RoomCache) and is stored before memory changes.
import type { ErrorReply, ReadyReply } from '@mm/protocol';
import type { Seat } from '@mm/rules';
import type { RoomStorage } from '../db/store';
import { fault } from '../errors';
import type { RoomCache } from './room-cache';
import { everyoneReady } from './start-gate';

const OPEN = (): ErrorReply => fault('MATCH_STARTED', 'The match is open: nobody needs to say ready any more.');

export class StartCommands {
  constructor(
    private readonly cache: RoomCache,
    private readonly store: RoomStorage,
  ) {}

  /** See RoomService.ready. */
  ready(roomId: string, seat: Seat, ready: boolean, matchId: string | null): Promise<ReadyReply | ErrorReply> {
    return this.cache.withRoom(roomId, matchId, async (room) => {
      if (!room.gated) return fault('MATCH_STARTED', 'This match does not wait for ready: it opened when it was made.');
      if (room.started) return OPEN();
      if (!room.peopleSeats().includes(seat)) return fault('NOT_SEATED', 'Only a person holding a seat says ready.');
      const asked = ready ? [...room.start.ready, seat] : room.start.ready.filter((s) => s !== seat);
      await this.cache.settleStart(room, asked);
      if (room.started) return OPEN();
      this.cache.announce(room);
      return { ok: true };
    });
  }

  /**
   * Opens the match if its countdown has ended and everyone is still ready (else the countdown
   * stops). Whether this call opened it: of several processes (or a restart) asking at once, the
   * store's conditional write lets exactly one in; the others read the gate it stored.
   */
  async open(roomId: string, matchId: string): Promise<boolean> {
    const opened = await this.cache.withRoom(roomId, matchId, async (room) => {
      const { startsAt } = room.start;
      if (room.started || startsAt === null) return false;
      const now = Date.now();
      if (startsAt > now) return false;
      // Seats the store holds now (a seat freed on another process stops the countdown).
      await this.cache.learnSeats(room);
      if (!everyoneReady(room.start, room.seats)) {
        await this.cache.settleStart(room);
        this.cache.announce(room);
        return false;
      }
      const mine = await this.store.openMatch(room.matchId, new Date(now));
      if (mine) room.setStart({ ...room.start, startedAt: now });
      else await this.cache.learnStart(room);
      this.cache.announce(room);
      return mine;
    });
    return opened === true;
  }
}
