import type { LiveRoom } from '../rooms/live-room';
import type { RoomService } from '../rooms/room-service';
import { retryDelay } from './backoff';
import type { DutyKind, LeaseGate } from './duty';
import type { WarnLogger as Logger } from './logger';

/** setTimeout's longest wait. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * Ends the challenges of the rooms this process holds the lease of when their ten minutes are up
 * (docs/architecture.md, Challenges): the kept seat is free again and the challenger's room says so.
 * The deadline is the stored `expiresAt`, so whichever process holds the lease, before or after a
 * restart, ends it at the same moment; the row's conditional update lets exactly one end in.
 */
export class ChallengeExpiry {
  /** per room, the challenge its timer is armed for */
  private readonly armed = new Map<string, { id: string; timer: NodeJS.Timeout }>();
  private readonly running = new Set<Promise<void>>();
  private readonly failures = new Map<string, number>();
  private closed = false;
  /** counts since start, for tests and logs */
  readonly stats = { expired: 0 };

  constructor(private readonly deps: { service: RoomService; gate: LeaseGate; log: Logger }) {}

  owes(room: LiveRoom): boolean {
    return room.challenge?.status === 'pending';
  }

  changed(room: LiveRoom): void {
    if (this.closed) return;
    const c = room.challenge;
    const current = this.armed.get(room.id);
    if (current && current.id === c?.id && c.status === 'pending') return;
    if (current) clearTimeout(current.timer);
    this.armed.delete(room.id);
    if (c?.status !== 'pending') return;
    if (!this.deps.gate.holds(room.id)) {
      void this.deps.gate.want(room);
      return;
    }
    this.arm(room.id, c.id, c.expiresAt.getTime() - Date.now());
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const a of this.armed.values()) clearTimeout(a.timer);
    this.armed.clear();
    await Promise.allSettled([...this.running]);
  }

  private arm(roomId: string, id: string, waitMs: number): void {
    const timer = setTimeout(
      () => {
        const run = this.fire(roomId, id).finally(() => this.running.delete(run));
        this.running.add(run);
      },
      Math.min(Math.max(0, waitMs), LONGEST_WAIT_MS),
    );
    this.armed.set(roomId, { id, timer });
  }

  private async fire(roomId: string, id: string): Promise<void> {
    if (this.armed.get(roomId)?.id === id) this.armed.delete(roomId);
    const { service, gate } = this.deps;
    const room = service.cached(roomId);
    const c = room?.challenge;
    if (!room || this.closed || !gate.holds(roomId) || c?.id !== id || c.status !== 'pending') return;
    const left = c.expiresAt.getTime() - Date.now();
    // a long wait comes back early (setTimeout's bound): wait the rest
    if (left > 0) return this.arm(roomId, id, left);
    try {
      const reply = await service.endChallenge(roomId, id, 'expired');
      if (reply.ok) this.stats.expired++;
      if (this.failures.delete(roomId)) gate.succeeded(roomId);
    } catch (err) {
      const n = (this.failures.get(roomId) ?? 0) + 1;
      this.failures.set(roomId, n);
      gate.failed(roomId);
      if (n === 1) this.deps.log.warn({ err, roomId }, 'a challenge did not expire: trying again');
      if (!this.closed) this.arm(roomId, id, retryDelay(n));
    }
  }
}

/** A room made for a challenge that still waits for its answer: its kept seat frees itself on time. */
export function challengeDuty(expiry: ChallengeExpiry): DutyKind {
  return {
    name: 'challenge',
    dueWhen: 'challenge-pending',
    perform: (room) => expiry.changed(room),
    owes: (room) => expiry.owes(room),
  };
}
