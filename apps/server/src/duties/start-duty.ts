import type { LiveRoom } from '../rooms/live-room';
import type { RoomService } from '../rooms/room-service';
import { retryDelay } from './backoff';
import type { DutyKind, LeaseGate } from './duty';
import type { WarnLogger as Logger } from './logger';

interface Armed {
  /** the countdown (`match:startsAt`) the timer was set for */
  at: string;
  timer: NodeJS.Timeout;
}

/**
 * Opens simultaneous starts (docs/rules.md, "Ready and countdown") when their countdown ends, in
 * the rooms this process holds the lease of. The end is stored with the match (`startsAt`), so
 * whichever process holds the lease, before or after a restart, opens it at the same moment; the
 * store's conditional write lets exactly one opening in (`RoomService.openMatch`).
 */
export class StartDriver {
  private readonly armed = new Map<string, Armed>();
  private readonly running = new Set<Promise<void>>();
  private readonly failures = new Map<string, number>();
  private closed = false;
  /** counts since start, for tests and logs: matches this process opened, openings found done or stopped, tries that failed */
  readonly stats = { opened: 0, passed: 0, failed: 0 };

  constructor(
    private readonly deps: {
      service: RoomService;
      gate: LeaseGate;
      log: Logger;
    },
  ) {}

  /** A countdown runs in the room (or has ended, and the match waits to be opened). */
  owes(room: LiveRoom): boolean {
    return !room.started && room.start.startsAt !== null;
  }

  /** After every committed change, and when the scheduler hands this process the room: (re)arm its opening. */
  changed(room: LiveRoom): void {
    if (this.closed) return;
    const startsAt = room.start.startsAt;
    const key = `${room.matchId}:${startsAt}`;
    const current = this.armed.get(room.id);
    if (current?.at === key) return;
    if (current) clearTimeout(current.timer);
    this.armed.delete(room.id);
    if (!this.owes(room) || startsAt === null) return;
    if (!this.deps.gate.holds(room.id)) {
      // Granted: the scheduler performs the room's duties, which arms the timer here.
      void this.deps.gate.want(room);
      return;
    }
    this.arm(room.id, room.matchId, key, startsAt);
  }

  /** Stops every timer and waits for openings being stored. */
  async close(): Promise<void> {
    this.closed = true;
    for (const a of this.armed.values()) clearTimeout(a.timer);
    this.armed.clear();
    await Promise.allSettled([...this.running]);
  }

  /** Opens the match at `at` (ms since the epoch), waiting again if the timer fires early. */
  private arm(roomId: string, matchId: string, key: string, at: number): void {
    const timer = setTimeout(
      () => {
        if (this.armed.get(roomId)?.timer !== timer) return;
        if (at > Date.now()) return this.arm(roomId, matchId, key, at);
        this.armed.delete(roomId);
        const run = this.open(roomId, matchId, key).finally(() => this.running.delete(run));
        this.running.add(run);
      },
      Math.max(0, at - Date.now()),
    );
    this.armed.set(roomId, { at: key, timer });
  }

  private async open(roomId: string, matchId: string, key: string): Promise<void> {
    const { service, gate, log } = this.deps;
    if (this.closed || !gate.holds(roomId)) return;
    try {
      if (await service.openMatch(roomId, matchId)) this.stats.opened++;
      else this.stats.passed++;
      if (this.failures.delete(roomId)) gate.succeeded(roomId);
    } catch (err) {
      if (this.closed || this.armed.has(roomId)) return;
      const n = (this.failures.get(roomId) ?? 0) + 1;
      if (n === 1) log.warn({ err, roomId }, 'opening a match failed: trying again');
      this.failures.set(roomId, n);
      this.stats.failed++;
      gate.failed(roomId);
      this.arm(roomId, matchId, key, Date.now() + retryDelay(n));
    }
  }
}

/** A room whose simultaneous start counts down: its match must open when the countdown ends. */
export function startDuty(starts: StartDriver): DutyKind {
  return {
    name: 'start',
    dueWhen: 'start-countdown',
    perform: (room) => starts.changed(room),
    owes: (room) => starts.owes(room),
  };
}
