import { z } from 'zod';
import type { AnyFamily, FamilyId } from '../core/family';
import type { Preset } from '../core/preset';
import { duel } from './duel/duel';
import { duelViewSchema } from './duel/view-schema';
import type { DuelView } from './duel/types';
import { mm44 } from './mm44/mm44';
import { mm44ViewSchema } from './mm44/view-schema';
import type { Mm44View } from './mm44/types';
import { parker } from './parker/parker';
import { parkerViewSchema } from './parker/view-schema';
import type { ParkerView } from './parker/types';
import { rotation } from './rotation/rotation';
import { rotationViewSchema } from './rotation/view-schema';
import { duelPresets } from './duel/presets';
import { mm44Presets } from './mm44/presets';
import { parkerPresets } from './parker/presets';
import { rotationPresets } from './rotation/presets';
import type { RotationView } from './rotation/types';

/** Every family the product plays, by id. */
export const families: Record<FamilyId, AnyFamily> = { duel, rotation, parker, mm44 };

export function getFamily(id: string): AnyFamily | undefined {
  return Object.hasOwn(families, id) ? families[id as FamilyId] : undefined;
}

/** What a seat (or spectator) is shown of a match, whatever the family; `family` tells them apart. */
export type MatchView = DuelView | RotationView | ParkerView | Mm44View;

/** Any family's view; `family` tells them apart. */
export const matchViewSchema: z.ZodType<MatchView> = z.union([duelViewSchema, rotationViewSchema, parkerViewSchema, mm44ViewSchema]);

/** Every printed edition, in the order the home screen offers them. */
export const presets: readonly Preset[] = [...duelPresets, ...rotationPresets, ...parkerPresets, ...mm44Presets];

export function getPreset(id: string): Preset | undefined {
  return presets.find((p) => p.id === id);
}
