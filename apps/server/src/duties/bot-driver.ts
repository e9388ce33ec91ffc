import type { Seat } from '@mm/rules';
import { botAction, botOf, botRandomness, warmUp } from '../bots/play';
import type { SolverPool } from '../bots/solver-pool';
import { botActionId } from '../rooms/action-ids';
import type { LiveRoom } from '../rooms/live-room';
import type { RoomService } from '../rooms/room-service';
import { botSeatSeed, newSeed } from '../security/tokens';
import { retryDelay } from './backoff';
import type { Attention } from './attention';
import { SERVER_FAULTS, type LeaseGate } from './duty';
import type { Logger } from './logger';

/** One room's bot work: a timer waiting to play, or a move being submitted. */
interface Pending {
  timer: NodeJS.Timeout | null;
  /** when the move became due (its delay over), tries after a failure included */
  dueAt: number;
  /** something changed while this was pending: look again when it is done */
  again: boolean;
}

/**
 * Plays the bots' seats. After every committed change of a room (and when a room is loaded)
 * the driver is kicked; if a bot must act it waits `delayMs`, then decides from that seat's
 * own view and submits through `RoomService.act`, the path every person's move takes. At most
 * one bot move per room is pending; the change it makes kicks the driver again.
 */
export class BotDriver {
  private readonly pending = new Map<string, Pending>();
  private readonly running = new Set<Promise<void>>();
  /** a bot move the rules refused, by room: `match:seq:seat`, not tried again at that seq */
  private readonly refusedAt = new Map<string, string>();
  /** the room state (`match:seq`) at which the bots found no move: nothing to do until it changes */
  private readonly quietAt = new Map<string, string>();
  /** rooms whose bot move failed (the database refused or timed out), how many times in a row */
  private readonly failures = new Map<string, number>();
  private closed = false;
  /** counts since start, for tests and logs: moves accepted, moves another actor beat, moves the rules refused */
  readonly stats = { played: 0, beaten: 0, refused: 0, failed: 0, inWorker: 0, onLoop: 0 };
  private readonly service: RoomService;
  /** bots play only in rooms this process holds the lease of */
  private readonly gate: LeaseGate;
  private readonly delayMs: number;
  private readonly log: Logger;
  /** decides moves off the event loop; without it (or for a family it does not know), here */
  private readonly solver: SolverPool | null;
  /** bots of a room nobody plays in wait for someone to watch it (attention.ts); without it, they play on */
  private readonly attention: Attention | null;
  /** each bot move stored, how many ms after it was due (the metrics' duty lag: thinking, queueing, the write) */
  private readonly onLag: (ms: number) => void;

  constructor(deps: {
    service: RoomService;
    gate: LeaseGate;
    delayMs: number;
    log: Logger;
    solver?: SolverPool | null;
    attention?: Attention | null;
    onLag?: (ms: number) => void;
  }) {
    this.service = deps.service;
    this.gate = deps.gate;
    this.delayMs = deps.delayMs;
    this.log = deps.log;
    this.solver = deps.solver ?? null;
    this.attention = deps.attention ?? null;
    this.onLag = deps.onLag ?? (() => {});
  }

  /** Whether a bot move is pending in the room, or may be due in its current state. */
  owes(room: LiveRoom): boolean {
    if (this.pending.has(room.id)) return true;
    // Paused: nothing owed until someone joins (which kicks the room again, lease and all).
    if (this.attention?.isPaused(room)) return false;
    return this.mayAct(room) && this.quietAt.get(room.id) !== `${room.matchId}:${room.seq}`;
  }

  /**
   * A room came into memory (created, loaded after a restart or idling, or a new match): build its
   * code space early. Its bots are set moving by the duty scheduler, like after any change.
   */
  loaded(room: LiveRoom): void {
    if (this.closed || (room.botSeats().length === 0 && !room.hints)) return;
    // With worker threads, bots and hints think there (each builds its own code space): the event loop needs none.
    if (this.solver) return;
    // Build the code space soon, off this call: a big one takes a few hundred milliseconds.
    const view = room.family.view(room.state, null);
    setImmediate(() => {
      try {
        if (!this.closed) warmUp(room.family, view);
      } catch (err) {
        this.log.warn({ err, roomId: room.id }, 'building the code space failed');
      }
    });
  }

  /** Called after every committed change: schedules the next bot move if a bot must act. */
  kick(room: LiveRoom): void {
    if (this.closed) return;
    const pending = this.pending.get(room.id);
    if (pending) {
      pending.again = true;
      return;
    }
    if (!this.mayAct(room)) return;
    if (!this.gate.holds(room.id)) {
      // Granted: the scheduler performs the room's duties, which kicks again.
      void this.gate.want(room);
      return;
    }
    const entry: Pending = { timer: null, dueAt: Date.now() + this.delayMs, again: false };
    this.pending.set(room.id, entry);
    this.playAfter(room.id, entry, this.delayMs);
  }

  private playAfter(roomId: string, entry: Pending, ms: number): void {
    entry.timer = setTimeout(() => {
      entry.timer = null;
      const run = this.play(roomId, entry).finally(() => this.running.delete(run));
      this.running.add(run);
    }, ms);
  }

  /** Stops every timer and waits for moves being submitted; nothing runs after. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.pending.values()) if (p.timer) clearTimeout(p.timer);
    this.pending.clear();
    await Promise.allSettled([...this.running]);
    await this.solver?.close();
  }

  /** Cheap: might a bot have something to do (the move itself is decided when the timer fires)? */
  private mayAct(room: LiveRoom): boolean {
    const bots = room.botSeats();
    // A simultaneous start waiting for its countdown: nobody moves yet, bots neither.
    if (bots.length === 0 || !room.started) return false;
    const status = room.status();
    if (status.finished) return false;
    // A family whose seats may act out of turn (calling "Master Mind!"): a bot may have something to do at any time.
    if (botOf(room.family).actsOffTurn) return true;
    return status.toAct.some((s) => bots.includes(s));
  }

  /** The first bot seat with a move now, from its own view only. */
  private async choose(room: LiveRoom): Promise<{ seat: Seat; action: unknown } | null> {
    const status = room.status();
    if (status.finished) return null;
    const bots = room.botSeats();
    const order = [
      ...status.toAct.filter((s) => bots.includes(s)),
      ...(botOf(room.family).actsOffTurn ? bots.filter((s) => !status.toAct.includes(s)) : []),
    ];
    for (const seat of order) {
      if (this.refusedAt.get(room.id) === `${room.matchId}:${room.seq}:${seat}`) continue;
      // Never the hidden state: exactly what a person in that seat would be shown.
      const view = room.family.view(room.state, seat);
      const strength = room.seats.find((s) => s.index === seat)?.botStrength;
      // Its choices follow from the match's seed (replayed, apart from other bots'), a secret from fresh randomness.
      const seeds = { seed: botSeatSeed(room.seed, seat), secretSeed: newSeed() };
      const decided = await this.solver?.decide(room.family.id, view, seat, strength, seeds);
      if (decided) this.stats.inWorker++;
      else this.stats.onLoop++;
      const action = decided
        ? decided.action
        : botAction(room.family, view, seat, botRandomness(seeds.seed, seeds.secretSeed), strength);
      if (action) return { seat, action };
    }
    return null;
  }

  private async play(roomId: string, entry: Pending): Promise<void> {
    const service = this.service;
    const room = service.cached(roomId);
    // A room dropped from memory (nobody there) waits: loading it again kicks the driver.
    if (!room || this.closed || !this.gate.holds(roomId)) {
      this.failures.delete(roomId);
      this.done(roomId, entry, null);
      return;
    }
    const before = { matchId: room.matchId, seq: room.seq };
    // Nobody plays in the room and nobody watches it: the bots wait (a presence unknown plays on).
    if (this.attention && !(await this.attention.mayPlay(room).catch(() => true))) {
      if (this.failures.delete(roomId)) this.gate.succeeded(roomId);
      this.done(roomId, entry, before);
      return;
    }
    let moved = false;
    let failed = false;
    try {
      const move = await this.choose(room);
      if (!move) this.quietAt.set(roomId, `${before.matchId}:${before.seq}`);
      // The room moved on while the bot thought (a person, another process): decide again on the new state.
      if (move && (room.matchId !== before.matchId || room.seq !== before.seq)) entry.again = true;
      else if (move) {
        const actionId = botActionId(room.matchId, room.seq + 1, move.seat);
        const reply = await service.act(roomId, move.seat, { actionId, action: move.action, expectSeq: room.seq }, room.matchId, {
          bot: true,
        });
        moved = reply.ok;
        if (reply.ok) {
          this.stats.played++;
          this.onLag(Date.now() - entry.dueAt);
          this.log.debug({ roomId, seat: move.seat, seq: reply.seq, actionId }, 'action accepted');
        }
        // DUPLICATE_ACTION / STALE_SEQ / MATCH_CHANGED / NOT_SEATED: someone (another server, a person back) moved first; look again.
        else if (['DUPLICATE_ACTION', 'STALE_SEQ', 'MATCH_CHANGED', 'NOT_SEATED', 'ROOM_NOT_FOUND'].includes(reply.code))
          this.stats.beaten++;
        else if (SERVER_FAULTS.has(reply.code)) failed = true;
        else {
          this.stats.refused++;
          this.refusedAt.set(roomId, `${before.matchId}:${before.seq}:${move.seat}`);
          this.log.warn({ roomId, seat: move.seat, code: reply.code, message: reply.message }, 'a bot move was refused');
          entry.again = true;
        }
      }
    } catch (err) {
      failed = true;
      // Once per run of failures, not at every try of an outage.
      if (!this.failures.has(roomId)) this.log.warn({ err, roomId }, 'a bot move failed: trying again');
    }
    if (failed && !this.closed) {
      // Owed still: try again, later and later (the lease's gate lets the room go if this lasts).
      const n = (this.failures.get(roomId) ?? 0) + 1;
      this.failures.set(roomId, n);
      this.stats.failed++;
      this.gate.failed(roomId);
      this.playAfter(roomId, entry, retryDelay(n));
      return;
    }
    if (this.failures.delete(roomId)) this.gate.succeeded(roomId);
    this.done(roomId, entry, moved ? null : before);
  }

  /** Clears the room's pending move; looks again if anything changed meanwhile (not in a loop on the same state). */
  private done(roomId: string, entry: Pending, unchanged: { matchId: string; seq: number } | null): void {
    if (this.pending.get(roomId) === entry) this.pending.delete(roomId);
    if (this.closed) return;
    const room = this.service.cached(roomId);
    if (!room) return;
    const changed = unchanged === null || room.matchId !== unchanged.matchId || room.seq !== unchanged.seq;
    if (changed) this.refusedAt.delete(roomId);
    if (entry.again || changed) this.kick(room);
  }
}
