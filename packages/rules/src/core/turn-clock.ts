import type { MatchStatus, Seat } from './status';

/** When a seat's turn timer runs out (ms since the epoch). */
export interface Deadline {
  seat: Seat;
  at: number;
}

/**
 * The turn timer's rule (docs/rules.md §5), a family's `turnClock`: when each seat's clock starts,
 * and when it runs out. Pure and read from the log, so every process derives the same deadlines.
 */
export interface TurnClock {
  /**
   * When each seat that owes a move (`status.toAct`, after an accepted action) began to owe it (ms):
   * `before` is the same map before the action, `seat` who acted (null at the match's start) and
   * `at` when the action was stored.
   */
  started(before: ReadonlyMap<Seat, number>, status: MatchStatus, seat: Seat | null, at: number): Map<Seat, number>;
  /**
   * Each seat that owes a move, with its deadline: `turnMs` after its clock `started`, counted from
   * `notBefore` at the earliest (the moment the table was full); none once the match is finished.
   */
  deadlines(status: MatchStatus, started: ReadonlyMap<Seat, number>, notBefore: number, turnMs: number): Deadline[];
}

/**
 * Every family's clock so far: a clock per seat that owes. The seat that acted and still owes, and
 * a seat that begins to owe, start from the action; a seat that owed before keeps its start, so
 * where several seats owe at once (the race's guesses, Parker's two secrets) another seat's move
 * restarts no clock, and a racer who never guesses cannot keep its deadline receding.
 */
export const clockPerOwingSeat: TurnClock = {
  started: (before, status, seat, at) =>
    new Map(status.toAct.map((s): [Seat, number] => [s, s === seat ? at : (before.get(s) ?? at)])),
  deadlines: (status, started, notBefore, turnMs) =>
    status.finished
      ? []
      : status.toAct.map((seat) => ({ seat, at: Math.max(started.get(seat) ?? notBefore, notBefore) + turnMs })),
};
