import type { Preset } from '../../core/family';
import type { RaceOptionsInput } from './types';

/** The race's one-tap starts (docs/rules.md, "The race"): two seats, the room's link brings the second player. */
export const racePresets = [
  /** 4 holes, 6 colours, repeats, 10 guesses */
  { id: 'race-classic', family: 'race', options: {}, bots: [] },
  /** 5 holes, 8 colours, repeats, 10 guesses */
  { id: 'race-super', family: 'race', options: { pegs: 5, colours: 8 }, bots: [] },
] as const satisfies readonly Preset<'race', RaceOptionsInput>[];
