import type { Seat } from '@mm/rules/pure';
import { duelSecretRules } from '@mm/rules/families/duel/pure';
import type { DuelRoundView, DuelView } from '@mm/rules/families/duel';

/** Pure readings of a duel view for the UI: whose turn, what just happened, who won. */

/** The code rules of a secret: the rules package's own reading of the options. */
export const codeRules = duelSecretRules;

/** The round being played (or, once the match is over, the last one). */
export const currentRound = (view: DuelView): DuelRoundView | null => view.rounds[view.rounds.length - 1] ?? null;

/** Rounds over before the current one, most recent last. */
export function earlierRounds(view: DuelView): DuelRoundView[] {
  return view.finished
    ? view.rounds.slice(0, -1)
    : view.rounds.filter((r, i) => i < view.rounds.length - 1 || r.outcome !== null);
}

export type Role = 'codemaker' | 'codebreaker';

export function roleOf(round: DuelRoundView | null, seat: Seat | null): Role | null {
  if (!round || seat === null) return null;
  if (round.codemaker === seat) return 'codemaker';
  if (round.codebreaker === seat) return 'codebreaker';
  return null;
}

export { resultFor, type SeatResult } from '../shared/seat-result';

export type LastPlayed =
  { kind: 'secret'; seat: Seat; round: number } | { kind: 'guess' | 'score'; seat: Seat; round: number; row: number };

/**
 * What the latest action was, read from the view and the snapshot's `last` (so it is
 * right after a reload too). `round` is an index into view.rounds; `row` is 1-based.
 */
export function lastPlayed(view: DuelView, last: { seq: number; seat: Seat } | null): LastPlayed | null {
  if (!last) return null;
  const i = view.rounds.length - 1;
  const cur = view.rounds[i];
  if (!cur) return null;
  if (cur.rows.length > 0 || cur.outcome !== null) return rowAction(cur, i, last.seat);
  if (cur.secretSet && last.seat === cur.codemaker) return { kind: 'secret', seat: last.seat, round: i };
  // a fresh round: the latest action ended the previous one
  const prev = view.rounds[i - 1];
  return prev ? rowAction(prev, i - 1, last.seat) : null;
}

function rowAction(r: DuelRoundView, index: number, seat: Seat): LastPlayed | null {
  if (r.rows.length === 0) return r.secretSet && seat === r.codemaker ? { kind: 'secret', seat, round: index } : null;
  if (seat === r.codebreaker) return { kind: 'guess', seat, round: index, row: r.rows.length };
  if (seat === r.codemaker) return { kind: 'score', seat, round: index, row: r.rows.length };
  return null;
}

/** How one seat did as codebreaker: the rows it needed in each round it broke, and the rounds it did not. */
export interface BreakRecord {
  seat: Seat;
  /** rows used (a missed turn counts as a row), round by round */
  broken: number[];
  failed: number;
}

/** Each seat's codebreaking over the rounds played to their end; a faulty round was replayed, so only its replay counts. */
export function breakRecords(view: DuelView): BreakRecord[] {
  const records: BreakRecord[] = [0, 1].map((seat) => ({ seat, broken: [], failed: 0 }));
  for (const r of view.rounds) {
    const record = records[r.codebreaker];
    if (!record || r.outcome === null || r.faulty) continue;
    if (r.outcome === 'broken') record.broken.push(r.rows.length + r.missed.length);
    else record.failed++;
  }
  return records;
}
