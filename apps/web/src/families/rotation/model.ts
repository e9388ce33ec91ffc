import type { Seat } from '@mm/rules/pure';
import { rotationSecretRules, rotationCodemakerPoints } from '@mm/rules/families/rotation/pure';
import type { RotationOptions, RotationRoundView, RotationView } from '@mm/rules/families/rotation';

/** Pure readings of a rotation view (docs/rules.md §2) for the UI: whose turn, what just happened, the ranking. */

/** The code rules of a secret: the rules package's own reading of the options. */
export const codeRules = rotationSecretRules;

/** The round being played (or, once the match is over, the last one). */
export const currentRound = (view: RotationView): RotationRoundView | null => view.rounds[view.rounds.length - 1] ?? null;

/** Rounds over before the current one, oldest first (the rules open the next round as soon as one ends). */
export const earlierRounds = (view: RotationView): RotationRoundView[] => view.rounds.slice(0, -1);

/** The codebreakers of a round in playing order: from the seat after the codemaker round the table (docs/rules.md §2 play 2). */
export function guessOrder(codemaker: Seat, players: number): Seat[] {
  return Array.from({ length: players - 1 }, (_, k) => (codemaker + 1 + k) % players);
}

/** The codebreakers who play after `guesser`, in order, until it is `guesser`'s turn again. */
export function upcoming(round: RotationRoundView, players: number): Seat[] {
  if (round.guesser === null) return [];
  const order = guessOrder(round.codemaker, players);
  const i = order.indexOf(round.guesser);
  return i < 0 ? [] : [...order.slice(i + 1), ...order.slice(0, i)];
}

export type Role = 'codemaker' | 'codebreaker';

export function roleOf(round: RotationRoundView | null, seat: Seat | null): Role | null {
  if (!round || seat === null) return null;
  return round.codemaker === seat ? 'codemaker' : 'codebreaker';
}

export { resultFor, type SeatResult } from '../shared/seat-result';

export interface Ranked {
  seat: Seat;
  score: number;
  /** 1 for the best; seats with equal scores share a rank */
  rank: number;
}

/** Seats from the highest score down (ties in seat order), each with its shared rank. */
export function ranking(scores: readonly number[]): Ranked[] {
  return scores
    .map((score, seat) => ({ seat, score, rank: 1 + scores.filter((s) => s > score).length }))
    .sort((a, b) => b.score - a.score || a.seat - b.seat);
}

export type LastPlayed =
  { kind: 'secret'; seat: Seat; round: number } | { kind: 'guess'; seat: Seat; round: number; row: number; points: number };

/**
 * What the latest action was, read from the view and the snapshot's `last` (so it is right
 * after a reload too). `round` is an index into view.rounds; `row` is 1-based.
 */
export function lastPlayed(view: RotationView, last: { seq: number; seat: Seat } | null): LastPlayed | null {
  if (!last) return null;
  const i = view.rounds.length - 1;
  const cur = view.rounds[i];
  if (!cur) return null;
  const rowOf = (r: RotationRoundView, index: number): LastPlayed | null => {
    const row = r.rows[r.rows.length - 1];
    return row && row.seat === last.seat
      ? { kind: 'guess', seat: last.seat, round: index, row: r.rows.length, points: row.points }
      : null;
  };
  if (cur.rows.length > 0) return rowOf(cur, i);
  if (cur.secretSet && last.seat === cur.codemaker) return { kind: 'secret', seat: last.seat, round: i };
  // a fresh round: the latest action was the row that ended the previous one
  const prev = view.rounds[i - 1];
  return prev ? rowOf(prev, i - 1) : null;
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
 * A seat's place at the end: 1 + the seats that scored more, and whether another seat
 * scored the same ("2nd of 3, tied"); ties at the top all win (docs/rules.md §2).
 */
export function placeOf(scores: readonly number[], seat: number): { place: number; tied: boolean; count: number } {
  const mine = scores[seat] ?? 0;
  return {
    place: scores.filter((s) => s > mine).length + 1,
    tied: scores.filter((s) => s === mine).length > 1,
    count: scores.length,
  };
}
