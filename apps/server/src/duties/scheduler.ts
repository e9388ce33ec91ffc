import type { LiveRoom } from '../rooms/live-room';
import type { RoomService } from '../rooms/room-service';
import type { DutyKind } from './duty';
import type { LeaseKeeper } from './lease-keeper';
import type { WarnLogger as Logger } from './logger';

export interface SchedulerOptions {
  /** how often leases are renewed and due rooms looked for */
  tickMs: number;
  /** rooms claimed at most per tick (a process just started picks the rest up on the next ticks) */
  batch?: number;
}

/**
 * Makes sure every room that owes something (see DutyKind) is looked after by exactly one live
 * process. Each tick it renews the leases it holds (through the LeaseKeeper, the gate the duty
 * drivers ask), claims rooms that owe a duty and whose lease is free or expired, notices the
 * changes other processes made to the rooms it holds, and gives up rooms that owe nothing any more.
 * A process that dies stops renewing, so another takes its rooms within `leaseMs + tickMs`. The
 * log's unique (match, seq) remains the judge should two processes ever act at once (one paused
 * past its lease, say).
 */
export class DutyScheduler {
  /** per room held, its state's fingerprint when last looked at */
  private readonly seen = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;
  private ticks = 0;

  constructor(
    private readonly keeper: LeaseKeeper,
    private readonly rooms: RoomService,
    private readonly kinds: readonly DutyKind[],
    private readonly options: SchedulerOptions,
    private readonly log: Logger,
  ) {
    // A room granted on asking: every kind does its part there.
    keeper.onGranted((room) => this.changed(room));
  }

  /** counts since start, for tests and logs */
  get stats(): { claimed: number; released: number; yielded: number; ticks: number } {
    return { ...this.keeper.stats, ticks: this.ticks };
  }

  /** Claims every room owed at once (without waiting for anyone to open it), then keeps ticking. */
  start(): void {
    if (this.stopped || this.timer || this.ticking) return;
    const loop = (): void => {
      this.ticking = this.tick()
        .catch((err: unknown) => this.log.warn({ err }, 'duty tick failed'))
        .finally(() => {
          this.ticking = null;
          if (!this.stopped) this.timer = setTimeout(loop, this.options.tickMs);
        });
    };
    loop();
  }

  /** Whether this process may do what `roomId` is owed now. */
  holds(roomId: string): boolean {
    return this.keeper.holds(roomId);
  }

  /**
   * A room changed here, or came into memory: every kind of duty does its part (each asks for the
   * room's lease itself when it owes something), so a new kind needs no wiring of its own.
   */
  changed(room: LiveRoom): void {
    for (const kind of this.kinds) kind.perform(room);
  }

  /** Another process changed `roomId`: if this process holds it, catch up and do what is owed. */
  nudged(roomId: string): void {
    if (!this.holds(roomId)) return;
    void this.look(roomId).catch((err: unknown) => this.log.warn({ err, roomId }, 'looking at a room failed'));
  }

  /** Stops ticking and forgets every lease, so that other processes take the rooms at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.keeper.halt();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await this.keeper.settle();
  }

  /** After stop() and after the duties' own work has finished: hand the rooms over. */
  async releaseAll(): Promise<void> {
    await this.keeper.releaseAll();
  }

  private async tick(): Promise<void> {
    this.ticks++;
    const started = Date.now();
    const conditions = this.kinds.map((k) => k.dueWhen);
    const regained = await this.keeper.renew(started);
    if (this.stopped) return;
    const claimed = await this.keeper.claimDue(conditions, this.options.batch ?? 200, started);
    if (this.stopped) return;
    // Taken (again), or held again after the lease had run out here: look at it whatever was seen
    // before (while it was not held, its duties stopped, and nothing else sets them going again).
    for (const id of [...regained, ...claimed]) this.seen.delete(id);
    // The rooms held now, whose fingerprints are read below: one claimed meanwhile has no fingerprint
    // among them and is looked at next tick (not taken for a room that owes nothing and let go).
    const held = this.keeper.rooms();
    const heldNow = new Set(held);
    // Lost or let go since: seen again only once held again.
    for (const id of [...this.seen.keys()]) if (!heldNow.has(id)) this.seen.delete(id);

    const prints = await this.keeper.fingerprints(held, conditions);
    for (const roomId of held) {
      if (this.stopped) return;
      const print = prints.get(roomId);
      try {
        if (print === undefined) {
          // Finished, or no bot left: nothing owed by the database's word.
          await this.giveUp(roomId, null);
        } else if (this.seen.get(roomId) !== print || !this.rooms.cached(roomId)) {
          // Seen only once looked at while held: a look that failed (the database away), or that came
          // after the lease had run out here (a claim answered late), is made again next tick.
          if (await this.look(roomId)) this.seen.set(roomId, print);
        } else if (!this.kinds.some((k) => this.owesNow(k, roomId))) {
          await this.giveUp(roomId, print);
        }
      } catch (err) {
        this.log.warn({ err, roomId }, 'a room duty failed');
      }
    }
  }

  private owesNow(kind: DutyKind, roomId: string): boolean {
    const room = this.rooms.cached(roomId);
    return room !== undefined && kind.owes(room);
  }

  /** Brings the room up to date with the log (and seats) and lets every kind act on it; whether they did. */
  private async look(roomId: string): Promise<boolean> {
    const room = await this.rooms.refresh(roomId);
    if (!room || !this.holds(roomId)) return false;
    for (const kind of this.kinds) kind.perform(room);
    return true;
  }

  private async giveUp(roomId: string, settledAt: string | null): Promise<void> {
    this.seen.delete(roomId);
    await this.keeper.release(roomId, settledAt);
  }
}
