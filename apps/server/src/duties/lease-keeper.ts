import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { LiveRoom } from '../rooms/live-room';
import type { LeaseGate } from './duty';
import type { DueCondition, Leases } from '../db/leases-store';
import type { WarnLogger as Logger } from './logger';

export interface LeaseKeeperOptions {
  /** how long a lease lasts unless renewed; another process takes a room this long after its holder died */
  leaseMs: number;
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
 * The leases this process holds, by this process's clock: the gate every duty driver asks before
 * acting in a room (LeaseGate), and the bookkeeping the scheduler's ticks renew, claim and release
 * through. Made before the drivers and the scheduler, so each takes it in its constructor: the
 * drivers ask it for rooms, and the scheduler, told of each room granted (`onGranted`), has every
 * kind of duty do its part there.
 */
export class LeaseKeeper implements LeaseGate {
  /** this process run: a restarted process is a new owner and waits for its old leases to expire */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  /** rooms held, and until when by this process's clock (counted from before the claim or renewal was sent) */
  private readonly held = new Map<string, number>();
  private readonly claiming = new Map<string, Promise<boolean>>();
  /** rooms whose duties fail here, since when (this process's clock) */
  private readonly failingSince = new Map<string, number>();
  /** rooms let go after failing too long, and until when this process leaves them to the others */
  private readonly yielded = new Map<string, number>();
  private readonly granted: ((room: LiveRoom) => void)[] = [];
  private stopped = false;
  /** counts since start, for tests and logs */
  readonly stats = { claimed: 0, released: 0, yielded: 0 };

  constructor(
    private readonly leases: Leases,
    private readonly options: LeaseKeeperOptions,
    private readonly log: Logger,
  ) {}

  /** `listener` runs for each room this process is granted on asking (`want`), once it holds it. */
  onGranted(listener: (room: LiveRoom) => void): void {
    this.granted.push(listener);
  }

  /** Whether this process may do what `roomId` is owed now. */
  holds(roomId: string): boolean {
    return !this.stopped && (this.held.get(roomId) ?? 0) > Date.now();
  }

  /** The rooms held (their leases may have run out since the last renewal). */
  rooms(): string[] {
    return [...this.held.keys()];
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
          for (const listener of this.granted) listener(room);
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

  failed(roomId: string): void {
    if (!this.failingSince.has(roomId)) this.failingSince.set(roomId, Date.now());
  }

  succeeded(roomId: string): void {
    this.failingSince.delete(roomId);
  }

  /**
   * Extends every lease held (a tick begun at `started`), lets go of the rooms failing here too
   * long, and forgets those lost to expiry (this process paused, or the database unreachable).
   * Resolves with the rooms _regained_: renewed although their lease had run out here meanwhile
   * (a renewal or claim sent before a freeze and committed after it). While it had run out, the
   * duties there found they may not act and stopped: whoever renews must have them look again.
   */
  async renew(started: number): Promise<string[]> {
    let renewed = new Set<string>();
    // Holding nothing, there is nothing to extend: an idle process asks the database one thing per
    // tick (is anything due?), not two. A claim under way records its own lease once granted.
    if (this.held.size > 0) {
      try {
        renewed = new Set(await this.leases.renew(this.owner, this.options.leaseMs, [...this.yielded.keys()]));
      } catch (err) {
        // The database is away altogether: no process can do better, so failures until now do not count against this one.
        this.failingSince.clear();
        throw err;
      }
    }
    if (this.stopped) return [];
    await this.letGoOfFailing(started, renewed);
    // A claim made since the renewal began stays.
    for (const [id, until] of this.held) if (!renewed.has(id) && until <= started + this.options.leaseMs) this.forget(id);
    const now = Date.now();
    const regained = [...renewed].filter((id) => (this.held.get(id) ?? 0) <= now);
    for (const id of renewed) this.held.set(id, started + this.options.leaseMs);
    return regained;
  }

  /** Takes up to `limit` rooms owing a duty whose lease is free or expired (a tick begun at `started`); the rooms taken. */
  async claimDue(conditions: readonly DueCondition[], limit: number, started: number): Promise<string[]> {
    const claimed = await this.leases.claimDue(this.owner, this.options.leaseMs, conditions, limit, [...this.yielded.keys()]);
    if (this.stopped) return [];
    for (const id of claimed) this.held.set(id, started + this.options.leaseMs);
    this.stats.claimed += claimed.length;
    return claimed;
  }

  /** The fingerprint of each of `roomIds` that still owes something (see Leases.fingerprints). */
  fingerprints(roomIds: readonly string[], conditions: readonly DueCondition[]): Promise<Map<string, string>> {
    return this.leases.fingerprints(roomIds, conditions);
  }

  /** Gives a room up, noting that nothing was owed at `settledAt` (null: let anyone look again at once). */
  async release(roomId: string, settledAt: string | null): Promise<void> {
    this.forget(roomId);
    this.stats.released++;
    await this.leases.release(this.owner, roomId, settledAt);
  }

  /** From now on nothing is held and nothing claimed (the scheduler stops). */
  halt(): void {
    this.stopped = true;
  }

  /** After halt(): waits for claims under way, and forgets every lease. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.claiming.values()]);
    this.held.clear();
  }

  /** After settle() and after the duties' own work has finished: hand the rooms over. */
  async releaseAll(): Promise<void> {
    await this.leases.releaseAll(this.owner);
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

  private forget(roomId: string): void {
    this.held.delete(roomId);
    this.failingSince.delete(roomId);
  }
}
