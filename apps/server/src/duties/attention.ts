import type { LiveRoom } from '../rooms/live-room';
import type { Presence } from '../rooms/presence';

/** Who is connected to a room, on every server process (the broadcaster's presence). */
export type PresenceOf = (roomId: string) => Promise<Presence>;

/**
 * Whether a room's bots may play now. A room where no person plays a seat (only bots, or bots
 * playing for people gone) plays only for whoever watches it: with no socket in it (no seated
 * person's, no spectator's) its bots pause, and the first socket to join sets them moving again.
 * A pause changes nothing stored: the match waits at its seq, on this process or after a
 * restart, as if the bots were slow. A room with a person seated plays as always, watched or not
 * (that person may be waiting for the bot).
 */
export class Attention {
  /** rooms (as loaded: a room dropped from memory is judged again when it comes back) whose bots wait for someone */
  private readonly paused = new WeakSet<LiveRoom>();
  /** counts since start, for tests and logs */
  readonly stats = { paused: 0, resumed: 0 };

  constructor(private readonly presence: PresenceOf) {}

  /** Whether the bots of `room` may move now; a pause is remembered until someone looks. */
  async mayPlay(room: LiveRoom): Promise<boolean> {
    if (unattended(room) && !(await this.looked(room.id))) {
      if (!this.paused.has(room)) {
        this.paused.add(room);
        this.stats.paused++;
      }
      return false;
    }
    if (this.paused.delete(room)) this.stats.resumed++;
    return true;
  }

  /** Paused until someone looks: nothing is owed meanwhile (the room's lease may go). */
  isPaused(room: LiveRoom): boolean {
    return this.paused.has(room);
  }

  private async looked(roomId: string): Promise<boolean> {
    const { connected, spectators } = await this.presence(roomId);
    return connected.size > 0 || spectators > 0;
  }
}

/** No person plays a seat of the room: it moves only for whoever watches it. */
export const unattended = (room: LiveRoom): boolean => room.peopleSeats().length === 0;
