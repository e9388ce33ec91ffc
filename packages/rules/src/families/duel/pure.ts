import type { Lang, LastAction, Seat } from '../../core/family';
import type { CodeRules } from '../../core/code';
import type { DuelOptions, DuelRoundView, DuelView } from './types';

/**
 * The duel's readings of its options that build no schema: what `@mm/rules/pure` offers a
 * client that paints a room without zod. The engine (duel.ts) builds on them.
 */

export const duelSecretRules = (o: DuelOptions): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: o.blanks,
});

/** The family's name in every language: its family object, the server's pages and pushes, and the web app read this one. */
export const duelName: Readonly<Record<Lang, string>> = { en: 'Duel', fr: 'Duel', de: 'Duell' };

/** Where a duel's latest action landed: a secret set, or the row a guess or a hand score filled. */
export type DuelLastMove =
  { kind: 'secret'; seat: Seat; round: number } | { kind: 'guess' | 'score'; seat: Seat; round: number; row: number };

/**
 * The duel's `lastMove`, read from the view and who acted. `round` is an index into view.rounds;
 * `row` is 1-based.
 */
export function duelLastMove(view: DuelView, last: Pick<LastAction, 'seat'> | null): DuelLastMove | null {
  if (!last) return null;
  const i = view.rounds.length - 1;
  const cur = view.rounds[i];
  if (!cur) return null;
  if (cur.rows.length > 0 || cur.outcome !== null) return rowMove(cur, i, last.seat);
  if (cur.secretSet && last.seat === cur.codemaker) return { kind: 'secret', seat: last.seat, round: i };
  // a fresh round: the latest action ended the previous one
  const prev = view.rounds[i - 1];
  return prev ? rowMove(prev, i - 1, last.seat) : null;
}

function rowMove(r: DuelRoundView, index: number, seat: Seat): DuelLastMove | null {
  if (r.rows.length === 0) return r.secretSet && seat === r.codemaker ? { kind: 'secret', seat, round: index } : null;
  if (seat === r.codebreaker) return { kind: 'guess', seat, round: index, row: r.rows.length };
  if (seat === r.codemaker) return { kind: 'score', seat, round: index, row: r.rows.length };
  return null;
}
