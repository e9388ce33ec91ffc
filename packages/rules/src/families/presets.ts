import type { Preset } from '../core/preset';
import { duelPresets } from './duel/presets';
import { mm44Presets } from './mm44/presets';
import { parkerPresets } from './parker/presets';
import { rotationPresets } from './rotation/presets';

// Apart from the registry (which loads every engine and schema): presets are data a home page lists.

/** Every printed edition, in the order the home screen offers them. */
export const presets: readonly Preset[] = [...duelPresets, ...rotationPresets, ...parkerPresets, ...mm44Presets];

export function getPreset(id: string): Preset | undefined {
  return presets.find((p) => p.id === id);
}
