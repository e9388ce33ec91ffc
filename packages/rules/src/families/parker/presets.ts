import type { Preset } from '../../core/family';
import type { ParkerOptionsInput } from './types';

/** Parker Brothers 1974: a single game, or a best-of-3 series (docs/rules.md §3). */
export const parkerPresets = [
  { id: 'parker-single', family: 'parker', options: { games: 1 }, bots: [] },
  { id: 'parker-best-of-3', family: 'parker', options: { games: 3 }, bots: [] },
] as const satisfies readonly Preset<'parker', ParkerOptionsInput>[];
