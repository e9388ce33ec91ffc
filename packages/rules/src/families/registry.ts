import type { AnyFamily, FamilyId } from '../core/family';
import type { Preset } from '../core/preset';
import { duel } from './duel/duel';
import { duelPresets } from './duel/presets';
import type { DuelView } from './duel/types';
import { mm44 } from './mm44/mm44';
import { mm44Presets } from './mm44/presets';
import type { Mm44View } from './mm44/types';
import { parker } from './parker/parker';
import { parkerPresets } from './parker/presets';
import type { ParkerView } from './parker/types';
import { rotation } from './rotation/rotation';
import { rotationPresets } from './rotation/presets';
import type { RotationView } from './rotation/types';

/** Every family the product plays, by id. */
export const families: Record<FamilyId, AnyFamily> = { duel, rotation, parker, mm44 };

export function getFamily(id: string): AnyFamily | undefined {
  return Object.hasOwn(families, id) ? families[id as FamilyId] : undefined;
}

/** What a seat (or spectator) is shown of a match, whatever the family; `family` tells them apart. */
export type MatchView = DuelView | RotationView | ParkerView | Mm44View;

/** Every printed edition, in the order the home screen offers them. */
export const presets: readonly Preset[] = [...duelPresets, ...rotationPresets, ...parkerPresets, ...mm44Presets];

export function getPreset(id: string): Preset | undefined {
  return presets.find((p) => p.id === id);
}
