import type { Code, Score } from '@mm/rules/pure';
import type { RaceView } from '@mm/rules/families/race';

/**
 * The Code of the day is a one-seat race against the day's code (docs/rules.md): what its page
 * reads of the race's view, so the daily's screens need not know the race's view.
 */
export interface DailyBoard {
  rows: { guess: Code; score: Score }[];
  /** rows used */
  used: number;
  broken: boolean;
  finished: boolean;
  /** the code: in the view only once the attempt has ended */
  code: Code | null;
  rules: { pegs: number; colours: number; repeats: boolean; blanks: boolean };
  /** rows a board has */
  guesses: number;
}

/** The player's board of a daily attempt's view, or null when the view is not a race's or shows no board in full. */
export function dailyBoard(view: { family: string }): DailyBoard | null {
  if (view.family !== 'race') return null;
  const race = view as RaceView;
  const board = race.boards[0];
  if (!board || board.shown !== 'code') return null;
  const o = race.options;
  return {
    rows: board.rows.map((r) => ({ guess: r.guess, score: r.score })),
    used: board.used,
    broken: board.broken,
    finished: race.finished,
    code: race.code,
    rules: { pegs: o.pegs, colours: o.colours, repeats: o.repeats, blanks: o.blanks },
    guesses: o.guesses,
  };
}
