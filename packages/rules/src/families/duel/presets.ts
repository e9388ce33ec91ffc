import type { Preset } from '../../core/family';
import type { DuelOptionsInput } from './types';

/** The duel's printed editions (docs/rules.md §1). */
export const duelPresets = [
  /** Hasbro FR/DE: 4 holes, 6 colours, no repeats, rounds won */
  { id: 'duel-classic', family: 'duel', options: {}, bots: [] },
  /** the "Super/expert" rule: the secret may repeat colours */
  { id: 'duel-expert', family: 'duel', options: { repeats: true }, bots: [] },
  /** Hasbro GB standard game: repeats on, the codemaker scores a point per row */
  { id: 'duel-gb-standard', family: 'duel', options: { repeats: true, scoring: 'points' }, bots: [] },
  /** Hasbro GB advanced game: the standard game with one or more blank spaces allowed */
  { id: 'duel-gb-advanced', family: 'duel', options: { repeats: true, blanks: true, scoring: 'points' }, bots: [] },
  /** the classic duel against a bot codebreaker/codemaker in seat B */
  { id: 'duel-bot', family: 'duel', options: {}, bots: [1] },
] as const satisfies readonly Preset<'duel', DuelOptionsInput>[];
