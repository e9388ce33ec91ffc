import type { Seat } from '@mm/rules/pure';
import { rotationCodemakerPoints, rotationGuessOrder, rotationRank, rotationSecretRules } from '@mm/rules/families/rotation/pure';
import type { RotationOptions, RotationRoundView, RotationView } from '@mm/rules/families/rotation';

/** Pure readings of a rotation view (docs/rules.md §2) for the UI: roles, who plays next, the ranking (the rules' `rotationRank`). */

/** The code rules of a secret: the rules package's own reading of the options. */
export const codeRules = rotationSecretRules;

/** The round being played (or, once the match is over, the last one). */
export const currentRound = (view: RotationView): RotationRoundView | null => view.rounds[view.rounds.length - 1] ?? null;

/** Rounds over before the current one, oldest first (the rules open the next round as soon as one ends). */
export const earlierRounds = (view: RotationView): RotationRoundView[] => view.rounds.slice(0, -1);

/** The codebreakers who play after `guesser`, in order, until it is `guesser`'s turn again. */
export function upcoming(round: RotationRoundView, players: number): Seat[] {
  if (round.guesser === null) return [];
  const order = rotationGuessOrder(round.codemaker, players);
  const i = order.indexOf(round.guesser);
  return i < 0 ? [] : [...order.slice(i + 1), ...order.slice(0, i)];
}

export type Role = 'codemaker' | 'codebreaker';

export function roleOf(round: RotationRoundView | null, seat: Seat | null): Role | null {
  if (!round || seat === null) return null;
  return round.codemaker === seat ? 'codemaker' : 'codebreaker';
}

export { resultFor } from '../shared/seat-result';

export interface Ranked {
  seat: Seat;
  score: number;
  /** 1 for the best; seats with equal scores share a rank */
  rank: number;
}

/** Seats in the order of their places (the rules' `rotationRank`), ties in seat order. */
export function ranking(scores: readonly number[]): Ranked[] {
  const ranks = rotationRank(scores);
  return scores
    .map((score, seat) => ({ seat, score, rank: ranks[seat] ?? scores.length }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat);
}

/** The row number on which the round was broken, when it was. */
export const brokenOnRow = (r: RotationRoundView): number | null =>
  r.outcome === 'broken' ? r.rows.length + r.missed.length : null;

/** What the codemaker would score if the next row broke the code (null once the round is over). */
export function codemakerStake(view: RotationView, r: RotationRoundView): number | null {
  // rows lost to the turn timer are used rows of the board too
  const used = r.rows.length + r.missed.length;
  if (r.outcome !== null || !r.secretSet || used >= view.options.guesses) return null;
  return rotationCodemakerPoints(view.options.players, used + 1);
}

/** The codemaker table of docs/rules.md §2 for this table size, cut at the guess limit; the last entry is the failure figure. */
export function codemakerTable(o: RotationOptions): { row: number | null; points: number }[] {
  return [
    ...Array.from({ length: o.guesses }, (_, i) => ({ row: i + 1, points: rotationCodemakerPoints(o.players, i + 1) })),
    { row: null, points: rotationCodemakerPoints(o.players, null) },
  ];
}

/**
 * A seat's place at the end (the rules' `rotationRank`), and whether another seat scored the same
 * ("2nd of 3, tied"); ties at the top all win (docs/rules.md §2).
 */
export function placeOf(scores: readonly number[], seat: number): { place: number; tied: boolean; count: number } {
  const mine = scores[seat] ?? 0;
  return {
    place: rotationRank(scores)[seat] ?? scores.length,
    tied: scores.filter((s) => s === mine).length > 1,
    count: scores.length,
  };
}
