// The gate of a simultaneous start (docs/rules.md, "Ready and countdown"), as pure functions of the
// gate and the seats: every seat taken and every seated person ready starts a countdown; anything
// else stops it. LiveRoom holds the gate, the start commands write it.
import type { Seat } from '@mm/rules';
import type { StoredSeat } from '../db/store';

/** The countdown between everyone ready and the start (START_COUNTDOWN_MS: tests shorten it). */
export const COUNTDOWN_MS = 3000;

/** A match's start gate in memory: times are ms since the epoch. */
export interface StartGate {
  /** the seats whose person said ready (a bot needs not: it is always ready) */
  ready: readonly Seat[];
  /** when the countdown ends and the match opens; null while it does not run */
  startsAt: number | null;
  /** when the match opened; null while it waits */
  startedAt: number | null;
}

type GateSeat = Pick<StoredSeat, 'index' | 'tokenHash' | 'bot'>;

/** The seats ready now: every bot's, and those of people who said so and still hold them. */
export function readySeats(gate: StartGate, seats: readonly GateSeat[]): Seat[] {
  return seats.filter((s) => s.bot || (s.tokenHash !== null && gate.ready.includes(s.index))).map((s) => s.index);
}

/** Every seat is taken and ready: the countdown may run. */
export function everyoneReady(gate: StartGate, seats: readonly GateSeat[]): boolean {
  return readySeats(gate, seats).length === seats.length;
}

/**
 * The gate after a change of the seats or of a person's ready (`ready`: the people's ready seats
 * asked for): a seat freed or changing hands forgets its ready; the countdown starts when everyone
 * is ready (ending `countdownMs` after `now`), keeps its end while they stay so, and stops as soon
 * as they are not. An open match's gate never changes.
 */
export function nextGate(
  gate: StartGate,
  seats: readonly GateSeat[],
  ready: readonly Seat[],
  now: number,
  countdownMs: number,
): StartGate {
  if (gate.startedAt !== null) return gate;
  const people = new Set(seats.filter((s) => s.tokenHash !== null && !s.bot).map((s) => s.index));
  const kept = [...new Set(ready)].filter((s) => people.has(s)).sort((a, b) => a - b);
  const next = { ready: kept, startsAt: null, startedAt: null };
  return { ...next, startsAt: everyoneReady(next, seats) ? (gate.startsAt ?? now + countdownMs) : null };
}

/** Whether two gates say the same (nothing to write). */
export const sameGate = (a: StartGate, b: StartGate): boolean =>
  a.startsAt === b.startsAt && a.startedAt === b.startedAt && a.ready.join() === b.ready.join();
