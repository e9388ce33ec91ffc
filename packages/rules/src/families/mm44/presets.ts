import type { Preset } from '../../core/family';
import type { Mm44OptionsInput } from './types';

/** Master Mind 44 Game 1 (four players, one board each) and Game 2's three seatings (docs/rules.md §4). */
export const mm44Presets = [
  { id: 'mm44-game1', family: 'mm44', options: { seating: '4x1' }, bots: [] },
  { id: 'mm44-game2-3x1', family: 'mm44', options: { seating: '3x1' }, bots: [] },
  { id: 'mm44-game2-2x1', family: 'mm44', options: { seating: '2x1' }, bots: [] },
  { id: 'mm44-game2-2x2', family: 'mm44', options: { seating: '2x2' }, bots: [] },
] as const satisfies readonly Preset<'mm44', Mm44OptionsInput>[];
