import { createRng, type Seat } from '@mm/rules';
import { timeoutActionId } from '../rooms/action-ids';
import type { LiveRoom } from '../rooms/live-room';
import type { RoomService } from '../rooms/room-service';
import { newSeed } from '../security/tokens';
import { retryDelay } from './backoff';
import { SERVER_FAULTS, type DutyKind, type LeaseGate } from './duty';
import type { Logger } from './logger';

/** A timer this long or longer (in the room's seconds) warns its seat before it runs out. */
export const LONG_TIMER_SEC = 3600;

/** How long before a long deadline the warning goes: an hour, or a tenth of the timer if that is less. */
export const warnBeforeSec = (turnSeconds: number): number => Math.min(3600, Math.floor(turnSeconds / 10));

/** setTimeout's longest wait; a longer deadline is reached in several waits. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

interface Armed {
  /** the state (`match:seq`) the timer was set for */
  at: string;
  timer: NodeJS.Timeout | null;
  /** the warning before a long deadline */
  warning: NodeJS.Timeout | null;
}

/** Calls `then` at `at` (ms since the epoch), in as many waits as setTimeout needs; `set` receives each timer. */
function at(when: number, then: () => void, set: (t: NodeJS.Timeout) => void): void {
  const left = when - Date.now();
  set(setTimeout(() => (when - Date.now() > 0 ? at(when, then, set) : then()), Math.min(Math.max(0, left), LONGEST_WAIT_MS)));
}

/**
 * Runs the turn timers (docs/rules.md §5) of the rooms this process holds the lease of. The deadline
 * comes from the room's state as folded from the log (LiveRoom.deadlines), so whichever process
 * holds the lease, before or after a restart, fires at the same moment. When it passes, the
 * family's own `timeoutFor` is appended for each overdue seat through `RoomService.act`, the path
 * every move takes, with `expectSeq`: the log's unique (match, seq) lets exactly one append in.
 */
export class TimeoutDriver {
  private readonly armed = new Map<string, Armed>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  /** rooms whose timeout failed to be stored (the database refused or timed out), how many times in a row */
  private readonly failures = new Map<string, number>();
  /** counts since start, for tests and logs: timeouts appended, timeouts another actor beat, tries that failed */
  readonly stats = { fired: 0, beaten: 0, failed: 0 };
  private readonly service: RoomService;
  /** timers fire only in rooms this process holds the lease of */
  private readonly gate: LeaseGate;
  private readonly log: Logger;
  /** a long timer of `seat` nears its end (the push notifier tells the device) */
  private readonly onNear: (room: LiveRoom, seat: Seat) => void;
  /** each timeout stored, how many ms after its deadline (the metrics' duty lag) */
  private readonly onLag: (ms: number) => void;

  constructor(deps: {
    service: RoomService;
    gate: LeaseGate;
    log: Logger;
    onNear?: (room: LiveRoom, seat: Seat) => void;
    onLag?: (ms: number) => void;
  }) {
    this.service = deps.service;
    this.gate = deps.gate;
    this.log = deps.log;
    this.onNear = deps.onNear ?? (() => {});
    this.onLag = deps.onLag ?? (() => {});
  }

  /** A timer runs (or is due) for the room in its current state. */
  owes(room: LiveRoom): boolean {
    return room.deadlines().length > 0;
  }

  /** After every committed change, and when the scheduler hands this process the room: (re)arm its timer. */
  changed(room: LiveRoom): void {
    if (this.closed) return;
    const key = `${room.matchId}:${room.seq}`;
    const current = this.armed.get(room.id);
    if (current?.at === key) return;
    if (current?.timer) clearTimeout(current.timer);
    if (current?.warning) clearTimeout(current.warning);
    this.armed.delete(room.id);
    const deadlines = room.deadlines();
    if (deadlines.length === 0) return;
    if (!this.gate.holds(room.id)) {
      // Granted: the scheduler performs the room's duties, which arms the timer here.
      void this.gate.want(room);
      return;
    }
    const entry: Armed = { at: key, timer: null, warning: null };
    const earliest = Math.min(...deadlines.map((d) => d.at));
    at(
      earliest,
      () => {
        entry.timer = null;
        const run = this.fire(room.id, key).finally(() => this.running.delete(run));
        this.running.add(run);
      },
      (t) => (entry.timer = t),
    );
    const turn = room.turnSeconds ?? 0;
    if (turn >= LONG_TIMER_SEC) {
      at(
        earliest - warnBeforeSec(turn) * room.secondMs,
        () => {
          entry.warning = null;
          const now = this.service.cached(room.id);
          if (!now || `${now.matchId}:${now.seq}` !== key || !this.gate.holds(room.id)) return;
          // Each seat has its own clock: the warning is for the seats whose deadline this is.
          for (const d of now.deadlines()) if (d.at <= earliest) this.onNear(now, d.seat);
        },
        (t) => (entry.warning = t),
      );
    }
    this.armed.set(room.id, entry);
  }

  /** Stops every timer and waits for timeouts being appended. */
  async close(): Promise<void> {
    this.closed = true;
    for (const a of this.armed.values()) {
      if (a.timer) clearTimeout(a.timer);
      if (a.warning) clearTimeout(a.warning);
    }
    this.armed.clear();
    await Promise.allSettled([...this.running]);
  }

  private async fire(roomId: string, key: string): Promise<void> {
    // This timer is spent: a later claim of the room arms a new one.
    if (this.armed.get(roomId)?.at === key) this.armed.delete(roomId);
    const service = this.service;
    const room = service.cached(roomId);
    if (!room || this.closed || !this.gate.holds(roomId)) return;
    if (`${room.matchId}:${room.seq}` !== key) return;
    const now = Date.now();
    const overdue = room.deadlines().filter((d) => d.at <= now);
    // One seat at a time, each timeout a move of its own: the change re-arms the timer, which fires
    // at once for the next seat already overdue (several seats may owe at once: docs/architecture.md).
    const first = overdue[0];
    if (!first) return;
    let failed = false;
    try {
      const action = room.family.timeoutFor(room.state, first.seat, createRng(newSeed()));
      if (action === null) return;
      const actionId = timeoutActionId(room.matchId, room.seq + 1, first.seat);
      const reply = await service.act(roomId, first.seat, { actionId, action, expectSeq: room.seq }, room.matchId, {
        timeout: true,
      });
      if (!reply.ok && SERVER_FAULTS.has(reply.code)) failed = true;
      else if (reply.ok) {
        this.stats.fired++;
        this.onLag(Date.now() - first.at);
        this.log.debug({ roomId, seat: first.seat, seq: reply.seq, actionId, lateMs: Date.now() - first.at }, 'turn timed out');
      } else {
        // Someone moved first (a person just in time, or another process): the change re-arms the timer.
        this.stats.beaten++;
        if (!['DUPLICATE_ACTION', 'STALE_SEQ', 'MATCH_CHANGED'].includes(reply.code)) {
          this.log.warn({ roomId, seat: first.seat, code: reply.code, message: reply.message }, 'a timeout was refused');
        }
      }
    } catch (err) {
      failed = true;
      if (!this.failures.has(roomId)) this.log.warn({ err, roomId }, 'a timeout failed: trying again');
    }
    if (failed) this.retry(roomId, key);
    else if (this.failures.delete(roomId)) this.gate.succeeded(roomId);
  }

  /** The timeout for `key` is owed still: fire again, later and later (the gate lets the room go if this lasts). */
  private retry(roomId: string, key: string): void {
    if (this.closed || this.armed.has(roomId)) return;
    const n = (this.failures.get(roomId) ?? 0) + 1;
    this.failures.set(roomId, n);
    this.stats.failed++;
    this.gate.failed(roomId);
    const entry: Armed = { at: key, timer: null, warning: null };
    entry.timer = setTimeout(() => {
      entry.timer = null;
      const run = this.fire(roomId, key).finally(() => this.running.delete(run));
      this.running.add(run);
    }, retryDelay(n));
    this.armed.set(roomId, entry);
  }
}

/** A room whose current match runs a turn timer: some seat owes a move before a deadline. */
export function timeoutDuty(timeouts: TimeoutDriver): DutyKind {
  return {
    name: 'timeout',
    dueWhen: 'turn-timer',
    perform: (room) => timeouts.changed(room),
    owes: (room) => timeouts.owes(room),
  };
}
