import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { LiveRoom } from '../rooms/live-room';
import type { RoomService } from '../rooms/room-service';
import type { DutyKind, LeaseGate } from './duty';
import type { Leases } from './leases';

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  /** how long a lease lasts unless renewed; another process takes a room this long after its holder died */
  leaseMs: number;
  /** how often leases are renewed and due rooms looked for */
  tickMs: number;
  /** rooms claimed at most per tick (a process just started picks the rest up on the next ticks) */
  batch?: number;
  /** tells the other processes a room changed here (the holder of its lease looks at once) */
  nudge?: (roomId: string) => void;
  /**
   * How long a room's duties may keep failing here before this process lets its lease go (and
   * leaves it to the others for twice the lease's length): a process whose writes fail while its
   * renewals pass must not keep a room nobody else may move.
   */
  giveUpMs?: number;
}

/** Without `giveUpMs`: a room failing this long is let go. */
export const DEFAULT_GIVE_UP_MS = 5000;

/**
 * Makes sure every room that owes something (see DutyKind) is looked after by exactly one live
 * process. Each tick it renews the leases it holds, claims rooms that owe a duty and whose lease
 * is free or expired, notices the changes other processes made to the rooms it holds, and gives
 * up rooms that owe nothing any more. A process that dies stops renewing, so another takes its
 * rooms within `leaseMs + tickMs`. The log's unique (match, seq) remains the judge should two
 * processes ever act at once (one paused past its lease, say).
 */
export class DutyScheduler implements LeaseGate {
  /** this process run: a restarted process is a new owner and waits for its old leases to expire */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  /** rooms held, and until when by this process's clock (counted from before the claim or renewal was sent) */
  private readonly held = new Map<string, number>();
  private readonly seen = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly claiming = new Map<string, Promise<boolean>>();
  private stopped = false;
  /** rooms whose duties fail here, since when (this process's clock) */
  private readonly failingSince = new Map<string, number>();
  /** rooms let go after failing too long, and until when this process leaves them to the others */
  private readonly yielded = new Map<string, number>();
  /** counts since start, for tests and logs */
  readonly stats = { claimed: 0, released: 0, ticks: 0, yielded: 0 };

  constructor(
    private readonly leases: Leases,
    private readonly rooms: RoomService,
    private readonly kinds: readonly DutyKind[],
    private readonly options: SchedulerOptions,
    private readonly log: Logger,
  ) {
    for (const kind of kinds) kind.guardWith(this);
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
    return !this.stopped && (this.held.get(roomId) ?? 0) > Date.now();
  }

  /**
   * A room changed here and owes something: take its lease now if nobody live holds it (no waiting
   * for a tick), else tell its holder. Resolves true when this process holds it.
   */
  want(room: LiveRoom): Promise<boolean> {
    if (this.holds(room.id)) return Promise.resolve(true);
    if (this.stopped) return Promise.resolve(false);
    if (this.leftToOthers(room.id)) {
      this.options.nudge?.(room.id);
      return Promise.resolve(false);
    }
    const pending = this.claiming.get(room.id);
    if (pending) return pending;
    const started = Date.now();
    const attempt = this.leases
      .claim(this.owner, room.id, this.options.leaseMs)
      .then((won) => {
        if (won && !this.stopped) {
          this.held.set(room.id, started + this.options.leaseMs);
          this.stats.claimed++;
          for (const kind of this.kinds) kind.perform(room);
          return true;
        }
        this.options.nudge?.(room.id);
        return false;
      })
      .catch((err: unknown) => {
        this.log.warn({ err, roomId: room.id }, 'claiming a room failed');
        return false;
      })
      .finally(() => this.claiming.delete(room.id));
    this.claiming.set(room.id, attempt);
    return attempt;
  }

  /**
   * A room changed here, or came into memory: every kind of duty does its part (each asks for the
   * room's lease itself when it owes something), so a new kind needs no wiring of its own.
   */
  changed(room: LiveRoom): void {
    for (const kind of this.kinds) kind.perform(room);
  }

  failed(roomId: string): void {
    if (!this.failingSince.has(roomId)) this.failingSince.set(roomId, Date.now());
  }

  succeeded(roomId: string): void {
    this.failingSince.delete(roomId);
  }

  /** Another process changed `roomId`: if this process holds it, catch up and do what is owed. */
  nudged(roomId: string): void {
    if (!this.holds(roomId)) return;
    void this.look(roomId).catch((err: unknown) => this.log.warn({ err, roomId }, 'looking at a room failed'));
  }

  /** Stops ticking and gives every lease up, so that other processes take the rooms at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled([...this.claiming.values()]);
    this.held.clear();
  }

  /** After stop() and after the duties' own work has finished: hand the rooms over. */
  async releaseAll(): Promise<void> {
    await this.leases.releaseAll(this.owner);
  }

  private async tick(): Promise<void> {
    this.stats.ticks++;
    const started = Date.now();
    const conditions = this.kinds.map((k) => k.dueWhen);
    let renewed: Set<string>;
    try {
      renewed = new Set(await this.leases.renew(this.owner, this.options.leaseMs, [...this.yielded.keys()]));
    } catch (err) {
      // The database is away altogether: no process can do better, so failures until now do not count against this one.
      this.failingSince.clear();
      throw err;
    }
    if (this.stopped) return;
    await this.letGoOfFailing(started, renewed);
    const left = [...this.yielded.keys()];
    // Lost to expiry (this process paused, or the database unreachable); a claim made since the renewal began stays.
    for (const [id, until] of this.held) if (!renewed.has(id) && until <= started + this.options.leaseMs) this.forget(id);
    for (const id of renewed) this.held.set(id, started + this.options.leaseMs);

    const claimed = await this.leases.claimDue(this.owner, this.options.leaseMs, conditions, this.options.batch ?? 200, left);
    if (this.stopped) return;
    for (const id of claimed) {
      this.held.set(id, started + this.options.leaseMs);
      // Taken (again): look at it whatever was seen before (a claim lost during an outage left its duties idle).
      this.seen.delete(id);
    }
    this.stats.claimed += claimed.length;

    const prints = await this.leases.fingerprints([...this.held.keys()], conditions);
    for (const roomId of [...this.held.keys()]) {
      if (this.stopped) return;
      const print = prints.get(roomId);
      try {
        if (print === undefined) {
          // Finished, or no bot left: nothing owed by the database's word.
          await this.giveUp(roomId, null);
        } else if (this.seen.get(roomId) !== print || !this.rooms.cached(roomId)) {
          // Seen only once looked at: a look that failed (the database away) is made again next tick.
          await this.look(roomId);
          this.seen.set(roomId, print);
        } else if (!this.kinds.some((k) => this.owesNow(k, roomId))) {
          await this.giveUp(roomId, print);
        }
      } catch (err) {
        this.log.warn({ err, roomId }, 'a room duty failed');
      }
    }
  }

  /** Whether this process lets another take the room for now (it failed there too long). */
  private leftToOthers(roomId: string): boolean {
    const until = this.yielded.get(roomId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.yielded.delete(roomId);
    return false;
  }

  /**
   * Rooms whose duties have failed here for longer than the bound are let go: not renewed (their
   * lease lapses even if the release below cannot reach the database) and not claimed again by
   * this process for two lease lengths, so a healthy process takes them.
   */
  private async letGoOfFailing(now: number, renewed: Set<string>): Promise<void> {
    const bound = this.options.giveUpMs ?? DEFAULT_GIVE_UP_MS;
    for (const id of [...this.yielded.keys()]) this.leftToOthers(id);
    for (const [roomId, since] of this.failingSince) {
      if (now - since < bound) continue;
      this.failingSince.delete(roomId);
      if (!this.held.has(roomId)) continue;
      this.yielded.set(roomId, now + 2 * this.options.leaseMs);
      this.forget(roomId);
      renewed.delete(roomId);
      this.stats.yielded++;
      this.log.warn({ roomId, failingMs: now - since }, 'a room duty kept failing: its lease is let go');
      await this.leases.release(this.owner, roomId, null).catch(() => undefined);
    }
  }

  private owesNow(kind: DutyKind, roomId: string): boolean {
    const room = this.rooms.cached(roomId);
    return room !== undefined && kind.owes(room);
  }

  /** Brings the room up to date with the log (and seats) and lets every kind act on it. */
  private async look(roomId: string): Promise<void> {
    const room = await this.rooms.refresh(roomId);
    if (!room || !this.holds(roomId)) return;
    for (const kind of this.kinds) kind.perform(room);
  }

  private async giveUp(roomId: string, settledAt: string | null): Promise<void> {
    this.forget(roomId);
    this.stats.released++;
    await this.leases.release(this.owner, roomId, settledAt);
  }

  private forget(roomId: string): void {
    this.held.delete(roomId);
    this.failingSince.delete(roomId);
    this.seen.delete(roomId);
  }
}
