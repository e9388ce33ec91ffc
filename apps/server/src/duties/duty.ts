import type { LiveRoom } from '../rooms/live-room';
import type { DueCondition } from '../db/leases-store';

/**
 * Replies that say a duty's move was not stored for a reason of the server's own, or may not have
 * been (OUTCOME_UNKNOWN: the same deterministic actionId makes trying again safe): try it again.
 */
export const SERVER_FAULTS: ReadonlySet<string> = new Set(['INTERNAL', 'UNAVAILABLE', 'OUTCOME_UNKNOWN']);

/** Who may do a room's duties: only the process holding the room's lease (lease-keeper.ts); each driver is made with it. */
export interface LeaseGate {
  holds(roomId: string): boolean;
  /** asks for the room's lease; when granted, the room's duties are performed again */
  want(room: LiveRoom): Promise<boolean>;
  /**
   * A duty of the room failed here (the database refused or timed out) and will be tried again:
   * a room that keeps failing past a bound is given up, so that another process may take it.
   */
  failed(roomId: string): void;
  /** A duty of the room was done (or found done by someone else): its failures are forgotten. */
  succeeded(roomId: string): void;
}

/**
 * One kind of thing the server owes a room without anyone asking: a bot's move ('bot'), a turn
 * timeout ('timeout') or a challenge's expiry ('challenge'). The scheduler leases each room that
 * owes any kind to exactly one live process; there, every kind is asked to do its part.
 */
export interface DutyKind {
  readonly name: string;
  /**
   * The stored condition under which a room may owe this kind of duty (its SQL is storage's:
   * db/leases-store.ts), read from the database alone so that any process, just started, finds
   * every room owed.
   */
  readonly dueWhen: DueCondition;
  /**
   * This process holds the room's lease, and the room is in memory and caught up with the log:
   * start (or keep) doing what is owed. Called on every claim and every change seen; must be
   * idempotent and must not wait on the room's queue.
   */
  perform(room: LiveRoom): void;
  /**
   * Whether this process still has something to do or watch for the room in its current state.
   * When no kind has, the lease is given up and the room is not claimed again until its state
   * changes. A timer (a turn timeout) keeps answering true while it runs.
   */
  owes(room: LiveRoom): boolean;
}
