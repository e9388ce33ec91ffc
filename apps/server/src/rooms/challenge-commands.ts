// A challenge's seat (docs/architecture.md, Challenges): kept for the challenged friend in the room
// made for them, taken by them on accepting, given back to anyone on a decline, a cancel or the
// expiry. Each runs in the room's queue, writes the challenge's row before memory changes, and is
// announced to this process's sockets and, as a stored change, to the other processes' copies.
import type { ChallengeStatus, ErrorReply } from '@mm/protocol';
import type { Seat } from '@mm/rules';
import type { NewChallenge, RoomStorage } from '../db/store';
import { fault } from '../errors';
import type { LiveRoom } from './live-room';
import type { RoomCache } from './room-cache';
import type { SeatCommands } from './seat-commands';
import { defaultSeatName } from './seat-names';

const NO_SUCH = (): ErrorReply => fault('NO_SUCH_CHALLENGE', 'No challenge of yours has this id.');
const OVER = (): ErrorReply => fault('CHALLENGE_OVER', 'This challenge was answered, cancelled or has expired already.');

export class ChallengeCommands {
  constructor(
    private readonly cache: RoomCache,
    private readonly store: RoomStorage,
    private readonly seats: SeatCommands,
    private readonly now: () => Date,
  ) {}

  private changed(room: LiveRoom): void {
    this.cache.announce(room);
    this.cache.announceSettings(room);
  }

  /** See RoomService.keepSeat. */
  keep(challenge: NewChallenge): Promise<{ ok: true; room: LiveRoom } | ErrorReply> {
    return this.cache.withRoom(challenge.roomId, null, async (room) => {
      if (room.challenge) return fault('BAD_REQUEST', 'This room was made for a challenge already.');
      const seat = room.seats.find((s) => s.index === challenge.seat);
      if (!seat || seat.tokenHash !== null || seat.bot) return fault('SEAT_TAKEN', 'That seat is not free.');
      await this.store.addChallenge(challenge);
      const { id, seat: index, challengedId: playerId, name, expiresAt } = challenge;
      room.setChallenge({ id, seat: index, playerId, name, status: 'pending', expiresAt });
      this.changed(room);
      return { ok: true, room };
    });
  }

  /** See RoomService.acceptChallenge. */
  accept(
    roomId: string,
    challengeId: string,
    who: { deviceId: string; playerId: string },
    name: string | null,
  ): Promise<{ ok: true; seat: Seat; seatToken: string } | ErrorReply> {
    return this.cache.withRoom(roomId, null, async (room) => {
      const c = room.challenge;
      if (c?.id !== challengeId || c.playerId !== who.playerId) return NO_SUCH();
      if (!room.keptSeat(this.now())) return OVER();
      // Seated first, then the row marked (seatIn does it): the seat was never free to anyone else in between.
      const claimed = await this.seats.seatIn(room, c.seat, name ?? defaultSeatName(c.seat), who.deviceId);
      if (!claimed.ok) return claimed;
      this.changed(room);
      return { ok: true, seat: c.seat, seatToken: claimed.seatToken };
    });
  }

  /** See RoomService.endChallenge. */
  end(
    roomId: string,
    challengeId: string,
    status: Exclude<ChallengeStatus, 'pending' | 'accepted'>,
  ): Promise<{ ok: true } | ErrorReply> {
    return this.cache.withRoom(roomId, null, async (room) => {
      const c = room.challenge;
      if (c?.id !== challengeId) return NO_SUCH();
      if (!(await this.store.endChallenge(c.id, status, this.now()))) {
        // Ended already, maybe by another process whose news has not come: memory learns how.
        const fresh = await this.cache.reload(room);
        if (fresh && fresh.challenge?.status !== c.status) this.cache.announce(fresh);
        return OVER();
      }
      room.setChallenge({ ...c, status });
      this.changed(room);
      return { ok: true };
    });
  }
}
