import type { Seat } from '@mm/rules';
import type { LiveRoom } from '../rooms/live-room';

/**
 * How long this server has seen each person's seat without a socket: what a takeover waits for.
 * An observation of the transport (the broadcaster notes it at every broadcast), not room state:
 * kept beside each room (and gone with it), never stored, so `LiveRoom` holds only what the
 * database and the log say. The room service is handed it when it judges a takeover.
 */
export class AwayClocks {
  private readonly since = new WeakMap<LiveRoom, Map<Seat, number>>();

  /** Starts or stops the clock of every person's seat from who is connected now. */
  note(room: LiveRoom, connected: ReadonlySet<Seat>, now: number): void {
    let clocks = this.since.get(room);
    if (!clocks) this.since.set(room, (clocks = new Map()));
    for (const s of room.seats) {
      if (s.tokenHash === null || connected.has(s.index)) clocks.delete(s.index);
      else if (!clocks.has(s.index)) clocks.set(s.index, now);
    }
  }

  /** How long `seat`'s person has been seen gone (0 if present or never seen gone). */
  awayFor(room: LiveRoom, seat: Seat, now: number): number {
    const since = this.since.get(room)?.get(seat);
    return since === undefined ? 0 : now - since;
  }
}
