import type { Lang, LastAction, Seat } from '../../core/family';
import { ranksByScore } from '../../core/outcome';
import type { CodeRules } from '../../core/code';
import type { Score } from '../../core/score';
import type { RotationRoundView, RotationView } from './types';

/**
 * The rotation's figures and the readings of its options that build no schema: what
 * `@mm/rules/pure` offers a client that paints a room without zod. The engine (rotation.ts)
 * and the schemas (types.ts) build on these.
 */

import { ROTATION_MAX_GUESSES, type RotationPlayers } from './limits';
export { ROTATION_MAX_GUESSES, type RotationPlayers };

/** docs/rules.md §2 play 3: what the breaking guess earns, in total. */
export const ROTATION_BREAK_POINTS = 10;

/**
 * docs/rules.md §2 play 5, the codemaker's points (the same in the French and German rulebooks):
 * `rows[i]` when the code is broken on row i + 1, `failed` when it is not broken at all.
 */
export const ROTATION_CODEMAKER_TABLE: Readonly<Record<RotationPlayers, { rows: readonly number[]; failed: number }>> = {
  3: { rows: [5, 6, 7, 8, 9, 10, 14, 18, 22, 26, 30, 34], failed: 40 },
  4: { rows: [5, 6, 7, 8, 9, 10, 13, 16, 19, 22, 25, 28], failed: 30 },
  5: { rows: [5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22], failed: 25 },
};

/**
 * The points a codebreaker's row earns at once: 2 per black, 1 per white, and
 * docs/rules.md §2 Decision: 10 in total (not 10 plus the blacks) for the row that breaks the code.
 */
export function rotationGuessPoints(score: Score, pegs: number): number {
  return score.black === pegs ? ROTATION_BREAK_POINTS : 2 * score.black + score.white;
}

/**
 * The codemaker's points for a round broken on row `brokenOnRow` (counted from 1), or the
 * failure figure when it is `null`. A smaller guess limit only cuts the table, so the
 * figures never depend on the limit.
 */
export function rotationCodemakerPoints(players: RotationPlayers, brokenOnRow: number | null): number {
  const line = ROTATION_CODEMAKER_TABLE[players];
  if (brokenOnRow === null) return line.failed;
  const points = Number.isInteger(brokenOnRow) ? line.rows[brokenOnRow - 1] : undefined;
  if (points === undefined)
    throw new RangeError(`The codemaker table has rows 1 to ${ROTATION_MAX_GUESSES}, not ${brokenOnRow}.`);
  return points;
}

// Takes the options' code fields only (not RotationOptions): the schemas in types.ts build on this module, not the reverse.
export const rotationSecretRules = (o: Pick<CodeRules, 'pegs' | 'colours' | 'repeats'>): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: false,
});

/** The family's name in every language: its family object, the server's pages and pushes, and the web app read this one. */
export const rotationName: Readonly<Record<Lang, string>> = { en: 'Rotation', fr: 'Rotation', de: 'Reihum' };

/** docs/rules.md §2 play 2: a round's codebreakers in playing order, from the seat after the codemaker round the table. */
export function rotationGuessOrder(codemaker: Seat, players: number): Seat[] {
  return Array.from({ length: players - 1 }, (_, k) => (codemaker + 1 + k) % players);
}

/** docs/rules.md §2 play 6, the rotation's `rank`: the most points first, equal scores sharing a place. */
export const rotationRank = (scores: readonly number[]): number[] => ranksByScore(scores);

/** Where a rotation's latest action landed: a secret set, or a row of a round's board (with the points it earned). */
export type RotationLastMove =
  { kind: 'secret'; seat: Seat; round: number } | { kind: 'guess'; seat: Seat; round: number; row: number; points: number };

/**
 * The rotation's `lastMove`, read from the view and who acted. `round` is an index into
 * view.rounds; `row` is 1-based.
 */
export function rotationLastMove(view: RotationView, last: Pick<LastAction, 'seat'> | null): RotationLastMove | null {
  if (!last) return null;
  const i = view.rounds.length - 1;
  const cur = view.rounds[i];
  if (!cur) return null;
  const rowOf = (r: RotationRoundView, index: number): RotationLastMove | null => {
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
