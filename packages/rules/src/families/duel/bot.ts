import { codeGameBot, codeRulesOf, type SeatBoard } from '../../core/bot';
import type { Seat } from '../../core/family';
import type { DuelView } from './types';

/** The current round's board as `seat` sees it; a hand-scored row waiting for its score tells nothing yet. */
function board(view: DuelView, seat: Seat): SeatBoard | null {
  const round = view.rounds.at(-1);
  if (!round) return null;
  const rows = round.rows.flatMap((r) => (r.score ? [{ guess: r.guess, score: r.score }] : []));
  const toGuess =
    !view.finished && round.codebreaker === seat && round.secretSet && round.outcome === null && !round.awaitingScore;
  return { rules: codeRulesOf(view.options), rows, toGuess, round: view.rounds.length - 1 };
}

export const duelBot = codeGameBot<DuelView>({
  board,
  secretOwed: (view, seat) => {
    const round = view.rounds.at(-1);
    return round !== undefined && round.codemaker === seat && !round.secretSet;
  },
  // Hand scoring (docs/rules.md §1.4): a bot codemaker enters the true score, from the secret its own view shows it.
  otherDuty: (view, seat) => {
    const round = view.rounds.at(-1);
    const last = round?.rows.at(-1);
    if (!round || round.codemaker !== seat || !round.awaitingScore || !last || !round.secret) return null;
    return { kind: 'score', guess: last.guess, secret: round.secret };
  },
});
