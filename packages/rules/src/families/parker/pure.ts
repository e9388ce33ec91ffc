import type { Lang, LastAction, Seat } from '../../core/family';
import type { CodeRules } from '../../core/code';
import { outcomeOf, type SeatOutcome } from '../../core/outcome';
import type { ParkerGameView, ParkerOptions, ParkerView } from './types';

/**
 * Parker 1974's constants and the readings of its options that build no schema: what
 * `@mm/rules/pure` offers a client that paints a room without zod. The engine (parker.ts) and
 * the schemas (types.ts) build on these.
 */

/**
 * docs/rules.md §3: "neither broken after 8 moves: a draw". The rulebook gives no range for it, and a
 * number without a range is fixed, so it is a constant rather than an option.
 */
export const PARKER_MOVES = 8;

export const parkerSecretRules = (o: ParkerOptions): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: false,
});

/** The family's name in every language: its family object, the server's pages and pushes, and the web app read this one. */
export const parkerName: Readonly<Record<Lang, string>> = { en: 'Parker 1974', fr: 'Parker 1974', de: 'Parker 1974' };

/** Where a Parker 1974 latest action landed: a secret set, or a move of a game. */
export type ParkerLastMove =
  { kind: 'secret'; seat: Seat; game: number } | { kind: 'guess'; seat: Seat; game: number; move: number };

/**
 * Parker 1974's `lastMove`, from the action's type and the view. `game` is an index into
 * view.games; `move` is 1-based.
 */
export function parkerLastMove(view: ParkerView, last: Pick<LastAction, 'seat' | 'type'> | null): ParkerLastMove | null {
  if (!last) return null;
  const i = view.games.length - 1;
  const cur = view.games[i];
  if (!cur || (last.seat !== 0 && last.seat !== 1)) return null;
  if (last.type === 'setSecret') return { kind: 'secret', seat: last.seat, game: i };
  if (last.type !== 'guess') return null;
  // a fresh game: the guess that ended the previous one
  const index = cur.guesses[last.seat].length > 0 ? i : i - 1;
  const g = view.games[index];
  const move = g?.guesses[last.seat].length ?? 0;
  return g && move > 0 ? { kind: 'guess', seat: last.seat, game: index, move } : null;
}

/** One game's outcome for `seat` (a series is several games); null while it is played. */
export function parkerGameOutcome(g: Pick<ParkerGameView, 'outcome' | 'winner'>, seat: Seat): SeatOutcome | null {
  if (g.outcome === null) return null;
  return outcomeOf({ winners: g.winner === null ? [] : [g.winner], draw: g.outcome === 'draw' }, [seat]);
}
