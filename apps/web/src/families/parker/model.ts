import type { Seat } from '@mm/rules/pure';
import { parkerSecretRules, PARKER_MOVES } from '@mm/rules/families/parker/pure';
import type { ParkerGameView, ParkerView } from '@mm/rules/families/parker';
import type { SeatResult } from '../shared/seat-result';

/** Pure readings of a Parker 1974 view (docs/rules.md §3) for the UI. */

/** The code rules of a secret: the rules package's own reading of the options. */
export const codeRules = parkerSecretRules;

export const otherSeat = (s: Seat): Seat => (s === 0 ? 1 : 0);

/** The game being played (or, once the match is over, the last one). */
export const currentGame = (view: ParkerView): ParkerGameView | null => view.games[view.games.length - 1] ?? null;

/** Games over before the current one, oldest first (the rules open the next game as soon as one ends). */
export const earlierGames = (view: ParkerView): ParkerGameView[] => view.games.slice(0, -1);

/** The move number being played (1 … 8), or once the game is over the last one played. */
export function moveNumber(g: ParkerGameView): number {
  if (g.outcome !== null) return Math.max(g.guesses[0].length + g.missed[0].length, g.guesses[1].length + g.missed[1].length);
  return Math.min(g.moves + 1, PARKER_MOVES);
}

/** A game's result from `seat`'s point of view; null while it is played or for a spectator. */
export function gameResultFor(g: ParkerGameView, seat: Seat | null): SeatResult | null {
  if (g.outcome === null || seat === null) return null;
  if (g.outcome === 'draw') return 'draw';
  return g.winner === seat ? 'win' : 'lose';
}

/** The series' result from `seat`'s point of view (the shared reading of the status). */
export { resultFor } from '../shared/seat-result';

export type GameEnd =
  { kind: 'won'; winner: Seat; move: number } | { kind: 'bothBroken'; move: number } | { kind: 'neitherBroken'; moves: number };

/** How a finished game ended, for one line of text; null while it is played. */
export function gameEnd(g: ParkerGameView): GameEnd | null {
  if (g.outcome === null) return null;
  if (g.outcome === 'won' && g.winner !== null)
    return { kind: 'won', winner: g.winner, move: g.brokenAt[g.winner] ?? moveNumber(g) };
  const move = g.brokenAt[0] ?? g.brokenAt[1];
  return move !== null ? { kind: 'bothBroken', move } : { kind: 'neitherBroken', moves: moveNumber(g) };
}

export type LastPlayed = { kind: 'secret'; seat: Seat; game: number } | { kind: 'guess'; seat: Seat; game: number; move: number };

/**
 * What the latest action was, from the snapshot's `last` (its kind says which) and the view.
 * `game` is an index into view.games; `move` is 1-based.
 */
export function lastPlayed(view: ParkerView, last: { seat: Seat; type: string } | null): LastPlayed | null {
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
