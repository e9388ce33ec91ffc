import type { Seat } from '@mm/rules/pure';
import { duelSecretRules } from '@mm/rules/families/duel/pure';
import type { DuelRoundView, DuelView } from '@mm/rules/families/duel';

/** Pure readings of a duel view for the UI: whose turn, who won (what just happened is the rules' `duelLastMove`). */

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

export { resultFor } from '../shared/seat-result';

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
