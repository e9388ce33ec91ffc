import type { Lang, LastAction, Seat } from '../../core/family';
import type { CodeRules } from '../../core/code';
import type { RaceOptions, RaceView } from './types';

/**
 * The race's readings of its options that build no schema: what a client that paints a room
 * without zod may use. The engine (race.ts) builds on them.
 */

/** The code the house draws: the room's holes, colours, repeats and blanks. */
export const raceCodeRules = (o: RaceOptions): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: o.blanks,
});

/** What a guess may be: as in the duel, a guess may repeat colours even when the code may not (a probing move). */
export const raceGuessRules = (o: RaceOptions): CodeRules => ({ ...raceCodeRules(o), repeats: true });

/** The family's name in every language: its family object, the server's pages and pushes, and the web app read this one. */
export const raceName: Readonly<Record<Lang, string>> = { en: 'Race', fr: 'Course', de: 'Wettlauf' };

/** Where a race's latest action landed: a guess or a row lost to the timer, on which row of whose board. */
export interface RaceLastMove {
  seat: Seat;
  kind: 'guess' | 'timeout';
  row: number;
}

/** The race's `lastMove`: the acting seat's board, its latest used row. */
export function raceLastMove(view: RaceView, last: Pick<LastAction, 'seat' | 'type'> | null): RaceLastMove | null {
  if (!last) return null;
  const board = view.boards[last.seat];
  if (!board) return null;
  return { seat: last.seat, kind: last.type === 'timeout' ? 'timeout' : 'guess', row: board.used };
}
