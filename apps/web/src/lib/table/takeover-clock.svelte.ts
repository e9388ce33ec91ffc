import { SvelteMap } from 'svelte/reactivity';
import type { RoomSummary } from '@mm/protocol/pure';
import type { Seat } from '@mm/rules/pure';
import { canOfferTakeover } from './seats';

type TakeoverRoom = Pick<RoomSummary, 'seats' | 'takeOverAfterSec' | 'status'>;

/**
 * "Let a bot play" for a seat whose person is gone shows only once the room allows it: until then
 * a countdown, from when this phone saw the seat empty. That is later than the server did, so the
 * button never comes early. One clock per room page; it ticks once a second only while a seat
 * is counting down.
 */
export class TakeoverClock {
  readonly #awaySince = new SvelteMap<Seat, number>();
  #now = $state(0);
  #timer: ReturnType<typeof setInterval> | null = null;
  readonly #clock: () => number;

  constructor(clock: () => number = Date.now) {
    this.#clock = clock;
    this.#now = clock();
  }

  /** Looks at the room again (call it whenever the room summary or this phone's seat changes). */
  note(room: TakeoverRoom, viewer: Seat | null): void {
    for (const s of room.seats) {
      if (!canOfferTakeover(room, s.index, viewer)) this.#awaySince.delete(s.index);
      else if (!this.#awaySince.has(s.index)) this.#awaySince.set(s.index, this.#clock());
    }
    this.#now = this.#clock();
    if (this.#awaySince.size > 0 && this.#timer === null) this.#timer = setInterval(() => (this.#now = this.#clock()), 1000);
    if (this.#awaySince.size === 0) this.#stop();
  }

  /** Seconds before "Let a bot play" is offered for this seat, or null when it is not a candidate. */
  wait(room: TakeoverRoom, seat: Seat): number | null {
    const since = this.#awaySince.get(seat);
    if (since === undefined || !room.takeOverAfterSec) return null;
    return Math.max(0, room.takeOverAfterSec - Math.floor((this.#now - since) / 1000));
  }

  /** "Let a bot play" is offered for this seat now. */
  offer(room: TakeoverRoom, seat: Seat, viewer: Seat | null): boolean {
    return canOfferTakeover(room, seat, viewer) && this.wait(room, seat) === 0;
  }

  destroy(): void {
    this.#stop();
    this.#awaySince.clear();
  }

  #stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }
}
