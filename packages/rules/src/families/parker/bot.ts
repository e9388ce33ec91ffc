import { codeGameAction, codeRulesOf, type FamilyBot, type SeatBoard } from '../../core/bot';
import type { Seat } from '../../core/family';
import type { ParkerView } from './types';

/** Its own guesses at the opponent's code (the opponent's rows are about its own code). */
function board(view: ParkerView, seat: Seat): SeatBoard | null {
  const game = view.games.at(-1);
  if (!game || (seat !== 0 && seat !== 1)) return null;
  const rows = game.guesses[seat].map((r) => ({ guess: r.guess, score: r.score }));
  return { rules: codeRulesOf(view.options), rows, toGuess: !view.finished && game.toGuess === seat };
}

export const parkerBot: FamilyBot<ParkerView> = {
  duty(view, seat) {
    if (view.finished) return null;
    const game = view.games.at(-1);
    if (game && (seat === 0 || seat === 1) && !game.secretSet[seat]) return { kind: 'secret', rules: codeRulesOf(view.options) };
    const b = board(view, seat);
    return b?.toGuess ? { kind: 'guess', rules: b.rules, rows: b.rows } : null;
  },
  board,
  action: codeGameAction,
  actsOffTurn: false,
  warmUp: (view) => codeRulesOf(view.options),
};
