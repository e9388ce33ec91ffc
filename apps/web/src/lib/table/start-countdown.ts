import type { RoomSummary } from '@mm/protocol/pure';

/** A simultaneous start still waiting, as the room summary says it (docs/rules.md, "Ready and countdown"). */
export type StartGate = NonNullable<RoomSummary['start']>;

/**
 * When the countdown ends by this phone's clock: the summary names the end and the server's clock
 * when it was made, so a phone whose clock is off counts the same three seconds (`receivedAt`: this
 * phone's clock when the summary came; the time it spent on the way is not counted).
 */
export function localStartsAt(start: StartGate, receivedAt: number): number | null {
  return start.startsAt === null ? null : receivedAt + (start.startsAt - start.now);
}

/** The whole seconds left to show (3, 2, 1), 0 once the countdown is over. */
export function secondsLeft(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}
