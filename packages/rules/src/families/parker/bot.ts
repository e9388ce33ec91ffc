import { codeGameBot, codeRulesOf, type SeatBoard } from '../../core/bot';
import type { Seat } from '../../core/family';
import type { ParkerView } from './types';

/** Its own guesses at the opponent's code (the opponent's rows are about its own code). */
function board(view: ParkerView, seat: Seat): SeatBoard | null {
  const game = view.games.at(-1);
  if (!game || (seat !== 0 && seat !== 1)) return null;
  const rows = game.guesses[seat].map((r) => ({ guess: r.guess, score: r.score }));
  return {
    rules: codeRulesOf(view.options),
    rows,
    toGuess: !view.finished && game.toGuess === seat,
    round: view.games.length - 1,
  };
}

export const parkerBot = codeGameBot<ParkerView>({
  board,
  secretOwed: (view, seat) => {
    const game = view.games.at(-1);
    return game !== undefined && (seat === 0 || seat === 1) && !game.secretSet[seat];
  },
});
