import type { ErrorReply, ReactionPreset, ReactReply, RoomReaction } from '@mm/protocol';
import type { Seat } from '@mm/rules';
import { fault, matchChanged } from '../errors';
import type { RoomService } from '../rooms/room-service';
import { roomChannel, watchChannel } from './channels';
import type { IoServer, IoSocket } from './io-types';

/**
 * Reactions (`room:react`): passed on to the room's other sockets and forgotten. They are not
 * actions: nothing of the match, its log or the database changes, and a process that dies loses
 * none that matters. The rate (a few per 10 s per socket) is the message rate's (`MessageRate.react`).
 */
export class ReactionRelay {
  constructor(
    private readonly io: IoServer,
    private readonly rooms: RoomService,
    private readonly now: () => number = Date.now,
  ) {}

  /** `socket`, in room `roomId` as `seat` (null: watching) of match `matchId`, sends `preset` to everyone else there. */
  async send(
    socket: IoSocket,
    preset: ReactionPreset,
    at: { roomId: string; seat: Seat | null; matchId: string | null },
  ): Promise<ReactReply | ErrorReply> {
    const room = this.rooms.cached(at.roomId) ?? (await this.rooms.refresh(at.roomId));
    if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
    // A seat of an earlier match is someone else's now: the reaction would be shown at the wrong place.
    if (at.seat !== null && at.matchId !== room.matchId) {
      return matchChanged();
    }
    // While spectating is off the watchers are kept out of the table: they neither send reactions nor see them.
    if (at.seat === null && !room.spectating) {
      return fault('SPECTATING_OFF', "The room's creator has turned spectating off: watchers send no reactions.");
    }
    // A sealed room (the Code of the day's, `daily` set when it was made) is its player's alone.
    if (room.daily !== null) return fault('ROOM_SEALED', 'The Code of the day is played alone: no reactions.');
    const reaction: RoomReaction = { from: at.seat ?? 'watcher', preset, at: this.now() };
    // Every other socket of the room, on every process (the adapter carries it); the sender shows its own.
    let to = this.io.to(roomChannel(room.id)).except(socket.id);
    if (!room.spectating) to = to.except(watchChannel(room.id));
    to.emit('room:reaction', reaction);
    return { ok: true };
  }
}
