import { z } from 'zod';
import type { AnyFamilyBot } from '../core/bot';
import type { AnyFamily, FamilyId } from '../core/family';
import { duel } from './duel/duel';
import { duelBot } from './duel/bot';
import type { DuelView } from './duel/types';
import { mm44 } from './mm44/mm44';
import { mm44Bot } from './mm44/bot';
import type { Mm44View } from './mm44/types';
import { parker } from './parker/parker';
import { parkerBot } from './parker/bot';
import type { ParkerView } from './parker/types';
import { rotation } from './rotation/rotation';
import { rotationBot } from './rotation/bot';
import type { RotationView } from './rotation/types';

/** Every family the product plays, by id: the one list of family ids there is. */
export const families: Record<FamilyId, AnyFamily> = { duel, rotation, parker, mm44 };

export function getFamily(id: string): AnyFamily | undefined {
  return Object.hasOwn(families, id) ? families[id] : undefined;
}

/**
 * How each family is played by a bot, by id. Apart from the families so that a client that
 * never plays a bot (the web app) does not load it: nothing there imports `familyBots`.
 */
export const familyBots: Record<string, AnyFamilyBot> = {
  duel: duelBot,
  rotation: rotationBot,
  parker: parkerBot,
  mm44: mm44Bot,
};

export function getFamilyBot(id: string): AnyFamilyBot | undefined {
  return Object.hasOwn(familyBots, id) ? familyBots[id] : undefined;
}

/**
 * Adds a family (and how a bot plays it) to the registries: one line for a new family. The
 * four product families are listed above; this is how a family defined elsewhere (a test's)
 * plugs in, before any room of it is created.
 */
export function registerFamily(family: AnyFamily, bot: AnyFamilyBot): void {
  families[family.id] = family;
  familyBots[family.id] = bot;
}

/** What a seat (or spectator) is shown of a match, whatever the family; `family` tells them apart. */
export type MatchView = DuelView | RotationView | ParkerView | Mm44View;

/**
 * Any family's view; `family` tells them apart. Built from the registry when first used, so a
 * family registered later (`registerFamily`, before any payload is checked) is in it too.
 */
export const matchViewSchema: z.ZodType<MatchView> = z.lazy(() => {
  const [first, ...rest] = Object.values(families).map((f) => f.viewSchema as z.ZodType<MatchView>);
  return z.union([first!, ...rest]);
});

/** The id of a registered family, built from the registry when first used (like `matchViewSchema`). */
export const familyIdSchema: z.ZodType<FamilyId> = z.lazy(() => z.enum(Object.keys(families) as [FamilyId, ...FamilyId[]]));
