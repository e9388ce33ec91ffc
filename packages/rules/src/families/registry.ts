import { z } from 'zod';
import type { AnyFamilyBot } from '../core/bot';
import type { AnyFamily, Family, FamilyId, Preset } from '../core/family';
import { duel } from './duel/duel';
import { duelBot } from './duel/bot';
import { mm44 } from './mm44/mm44';
import { mm44Bot } from './mm44/bot';
import { parker } from './parker/parker';
import { parkerBot } from './parker/bot';
import { race } from './race/race';
import { raceBot } from './race/bot';
import { rotation } from './rotation/rotation';
import { rotationBot } from './rotation/bot';

/**
 * The families the product plays, each with how a bot plays it, in the order of the rulebooks
 * (the home page offers their presets in this order): one line a family. Everything else the
 * package says about families (`families`, `familyBots`, `presets`, `MatchView`) is read from it.
 */
const PRODUCT_FAMILIES = [
  { family: duel, bot: duelBot },
  { family: rotation, bot: rotationBot },
  { family: parker, bot: parkerBot },
  { family: mm44, bot: mm44Bot },
  { family: race, bot: raceBot },
] as const satisfies readonly { family: AnyFamily; bot: AnyFamilyBot }[];

/** Every family the product plays, by id: the one list of family ids there is. */
export const families: Record<FamilyId, AnyFamily> = Object.fromEntries(PRODUCT_FAMILIES.map((r) => [r.family.id, r.family]));

export function getFamily(id: string): AnyFamily | undefined {
  return Object.hasOwn(families, id) ? families[id] : undefined;
}

/** How each family is played by a bot, by id. */
export const familyBots: Record<string, AnyFamilyBot> = Object.fromEntries(PRODUCT_FAMILIES.map((r) => [r.family.id, r.bot]));

export function getFamilyBot(id: string): AnyFamilyBot | undefined {
  return Object.hasOwn(familyBots, id) ? familyBots[id] : undefined;
}

/**
 * Adds a family (and how a bot plays it) to the registries. The product families are listed
 * above; this is how a family defined elsewhere (a test's) plugs in, before any room of it is
 * created.
 */
export function registerFamily(family: AnyFamily, bot: AnyFamilyBot): void {
  families[family.id] = family;
  familyBots[family.id] = bot;
}

/** Every printed edition of every registered family, in the order the home page offers them. */
export const presets = (): readonly Preset[] => Object.values(families).flatMap((f) => f.presets);

export function getPreset(id: string): Preset | undefined {
  return presets().find((p) => p.id === id);
}

// `any` only where a family's own types are matched and thrown away: the view is what is kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ViewOf<F> = F extends Family<any, any, any, infer View, any> ? View : never;

/** What a seat (or spectator) is shown of a match, whatever the family; `family` tells them apart. */
export type MatchView = ViewOf<(typeof PRODUCT_FAMILIES)[number]['family']>;

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
