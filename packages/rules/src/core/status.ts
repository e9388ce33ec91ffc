// Where a match stands, as every family says it: the words the Family contract and its helpers
// (outcome.ts, turn-clock.ts) share, kept apart so that those helpers need not import the contract.

/** A place at the table, numbered from 0 in seat order. */
export type Seat = number;

/** The kind of move a seat owes: a secret to set, a guess, a score to enter by hand, an MM44 row, a final call (or pass). */
export const OWED_MOVES = ['secret', 'guess', 'score', 'row', 'call'] as const;
export type OwedMove = (typeof OWED_MOVES)[number];

/** What every family says about where a match stands; public, never hidden. */
export interface MatchStatus {
  finished: boolean;
  /** seats expected to act now (a turn, a secret to set); empty when finished */
  toAct: Seat[];
  /** what each seat of `toAct` owes, in the same order, so a client needs no turn logic of its own */
  owes: { seat: Seat; kind: OwedMove }[];
  /**
   * moves a seat may make now without owing them (an MM44 "Master Mind!" call during play, by
   * any board still in), so a client offers them without turn logic of its own
   */
  may: { seat: Seat; kind: OwedMove }[];
  /** running total per seat, in the family's own unit (rounds won, points) */
  scores: number[];
  /** when finished: the seats that won; several on a shared win; empty on a draw */
  winners: Seat[];
  draw: boolean;
}
