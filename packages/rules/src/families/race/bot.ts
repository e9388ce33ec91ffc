import { codeGameBot, codeRulesOf, type SeatBoard } from '../../core/bot';
import type { Seat } from '../../core/family';
import type { RaceView } from './types';

/** The seat's own board: its guesses and their key pegs (a row lost to the timer tells nothing). */
function board(view: RaceView, seat: Seat): SeatBoard | null {
  const own = view.boards[seat];
  if (!own || own.shown !== 'code') return null;
  const rows = own.rows.map((r) => ({ guess: r.guess, score: r.score }));
  const toGuess = !view.finished && !own.broken && !own.out;
  return { rules: codeRulesOf(view.options), rows, toGuess, round: 0 };
}

/** The house sets the code: a seat only ever owes a guess from its own scored rows. */
export const raceBot = codeGameBot<RaceView>({ board, secretOwed: () => false });
