import type { Seat } from './status';

/**
 * A seat's outcome of a finished match, in the one vocabulary the product uses for it (the result
 * card, the history, a player's statistics): it won, lost, or the match was a draw.
 */
export const SEAT_OUTCOMES = ['win', 'lose', 'draw'] as const;
export type SeatOutcome = (typeof SEAT_OUTCOMES)[number];

/** What a finished match's result says, as its status (`MatchStatus`) and the stored result both carry it. */
export interface MatchResult {
  winners: readonly Seat[];
  draw: boolean;
  scores: readonly number[];
}

/**
 * The outcome every family reads from its result (its `outcome`), for whoever holds `seats` (one
 * seat, or the several a player may hold): a drawn match is a draw for everyone, a holder of a seat
 * among the winners won (a shared win too), and anyone else lost.
 */
export function outcomeOf(result: Pick<MatchResult, 'winners' | 'draw'>, seats: readonly Seat[]): SeatOutcome {
  if (result.draw) return 'draw';
  return seats.some((seat) => result.winners.includes(seat)) ? 'win' : 'lose';
}

/**
 * Each seat's place when the most points come first (a family's `rank`): 1 + the seats that scored
 * more, so seats with equal scores share a place and the place after them is skipped (1, 1, 3).
 */
export function ranksByScore(scores: readonly number[]): number[] {
  return scores.map((score) => 1 + scores.filter((s) => s > score).length);
}
