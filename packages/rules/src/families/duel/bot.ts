import { codeGameAction, codeRulesOf, type FamilyBot, type SeatBoard } from '../../core/bot';
import type { Seat } from '../../core/family';
import type { DuelView } from './types';

/** The current round's board as `seat` sees it; a hand-scored row waiting for its score tells nothing yet. */
function board(view: DuelView, seat: Seat): SeatBoard | null {
  const round = view.rounds.at(-1);
  if (!round) return null;
  const rows = round.rows.flatMap((r) => (r.score ? [{ guess: r.guess, score: r.score }] : []));
  const toGuess =
    !view.finished && round.codebreaker === seat && round.secretSet && round.outcome === null && !round.awaitingScore;
  return { rules: codeRulesOf(view.options), rows, toGuess };
}

export const duelBot: FamilyBot<DuelView> = {
  duty(view, seat) {
    if (view.finished) return null;
    const round = view.rounds.at(-1);
    if (!round) return null;
    if (round.codemaker === seat) {
      if (!round.secretSet) return { kind: 'secret', rules: codeRulesOf(view.options) };
      const last = round.rows.at(-1);
      // Hand scoring (RULES §1.4): a bot codemaker enters the true score, from the secret its own view shows it.
      if (round.awaitingScore && last && round.secret) return { kind: 'score', guess: last.guess, secret: round.secret };
      return null;
    }
    const b = board(view, seat);
    return b?.toGuess ? { kind: 'guess', rules: b.rules, rows: b.rows } : null;
  },
  board,
  action: codeGameAction,
  actsOffTurn: false,
  warmUp: (view) => codeRulesOf(view.options),
};
