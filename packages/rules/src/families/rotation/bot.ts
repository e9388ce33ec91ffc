import { codeGameBot, codeRulesOf, type SeatBoard } from '../../core/bot';
import type { Seat } from '../../core/family';
import type { RotationView } from './types';

/** The whole shared board: every codebreaker's rows count. */
function board(view: RotationView, seat: Seat): SeatBoard | null {
  const round = view.rounds.at(-1);
  if (!round) return null;
  const rows = round.rows.map((r) => ({ guess: r.guess, score: r.score }));
  return {
    rules: codeRulesOf(view.options),
    rows,
    toGuess: !view.finished && round.guesser === seat,
    round: view.rounds.length - 1,
  };
}

export const rotationBot = codeGameBot<RotationView>({
  board,
  secretOwed: (view, seat) => {
    const round = view.rounds.at(-1);
    return round !== undefined && round.codemaker === seat && !round.secretSet;
  },
});
