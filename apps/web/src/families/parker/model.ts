import type { Seat } from '@mm/rules/pure';
import { parkerSecretRules, PARKER_MOVES } from '@mm/rules/families/parker/pure';
import type { ParkerGameView, ParkerView } from '@mm/rules/families/parker';

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
