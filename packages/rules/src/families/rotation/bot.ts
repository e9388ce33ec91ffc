import { codeGameAction, codeRulesOf, type FamilyBot, type SeatBoard } from '../../core/bot';
import type { Seat } from '../../core/family';
import type { RotationView } from './types';

/** The whole shared board: every codebreaker's rows count. */
function board(view: RotationView, seat: Seat): SeatBoard | null {
  const round = view.rounds.at(-1);
  if (!round) return null;
  const rows = round.rows.map((r) => ({ guess: r.guess, score: r.score }));
  return { rules: codeRulesOf(view.options), rows, toGuess: !view.finished && round.guesser === seat };
}

export const rotationBot: FamilyBot<RotationView> = {
  duty(view, seat) {
    if (view.finished) return null;
    const round = view.rounds.at(-1);
    if (round && round.codemaker === seat && !round.secretSet) return { kind: 'secret', rules: codeRulesOf(view.options) };
    const b = board(view, seat);
    return b?.toGuess ? { kind: 'guess', rules: b.rules, rows: b.rows } : null;
  },
  board,
  action: codeGameAction,
  actsOffTurn: false,
  warmUp: (view) => codeRulesOf(view.options),
};
