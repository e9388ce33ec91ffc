import type { Preset } from '../../core/family';
import type { RotationOptionsInput } from './types';

/** The rotation for 3, 4 and 5 players (docs/rules.md §2). */
export const rotationPresets = [
  { id: 'rotation-3', family: 'rotation', options: { players: 3 }, bots: [] },
  { id: 'rotation-4', family: 'rotation', options: { players: 4 }, bots: [] },
  { id: 'rotation-5', family: 'rotation', options: { players: 5 }, bots: [] },
] as const satisfies readonly Preset<'rotation', RotationOptionsInput>[];
