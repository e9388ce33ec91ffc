import type { AnyFamily, FamilyId } from '../core/family';
import { duel } from './duel/duel';
import type { DuelView } from './duel/types';

/** Every family the product plays, by id. */
export const families: Partial<Record<FamilyId, AnyFamily>> = { duel };

export function getFamily(id: string): AnyFamily | undefined {
  return Object.hasOwn(families, id) ? families[id as FamilyId] : undefined;
}

/** What a seat (or spectator) is shown of a match, whatever the family. */
export type MatchView = DuelView;
