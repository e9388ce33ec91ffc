import type { Lang } from '../../core/family';
import type { CodeRules } from '../../core/code';
import type { RaceOptions } from './types';

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
