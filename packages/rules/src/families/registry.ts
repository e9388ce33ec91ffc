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
 * package says about families (`families()`, `getFamilyBot`, `presets`, `MatchView`) is read from it.
 */
const PRODUCT_FAMILIES = [
  { family: duel, bot: duelBot },
  { family: rotation, bot: rotationBot },
  { family: parker, bot: parkerBot },
  { family: mm44, bot: mm44Bot },
  { family: race, bot: raceBot },
] as const satisfies readonly { family: AnyFamily; bot: AnyFamilyBot }[];

type Entry = { family: AnyFamily; bot: AnyFamilyBot };

/** Families plugged in from outside the package (a test's), while the registry is not built yet. */
const plugged: Entry[] = [];

interface Registry {
  families: Readonly<Record<FamilyId, AnyFamily>>;
  bots: Readonly<Record<string, AnyFamilyBot>>;
}
let built: Registry | null = null;

/**
 * The registry, built once, when it is first read, and frozen: nothing changes which families
 * exist (or what a family is) while the product runs, and every schema made from it (the ids,
 * the views, the protocol's create-room body) is made once.
 */
function registry(): Registry {
  if (built) return built;
  const entries: readonly Entry[] = [...PRODUCT_FAMILIES, ...plugged];
  built = Object.freeze({
    families: Object.freeze(Object.fromEntries(entries.map((r) => [r.family.id, r.family]))),
    bots: Object.freeze(Object.fromEntries(entries.map((r) => [r.family.id, r.bot]))),
  });
  return built;
}

/** Every family the product plays, by id (a frozen map): the one list of family ids there is. */
export const families = (): Readonly<Record<FamilyId, AnyFamily>> => registry().families;

export function getFamily(id: string): AnyFamily | undefined {
  const all = families();
  return Object.hasOwn(all, id) ? all[id] : undefined;
}

export function getFamilyBot(id: string): AnyFamilyBot | undefined {
  const bots = registry().bots;
  return Object.hasOwn(bots, id) ? bots[id] : undefined;
}

/**
 * Plugs a family defined outside the package (a test's) in, with how a bot plays it: only before
 * the registry is first read (it is built once, then frozen), so at the top of the module that
 * defines or uses it. The product families are listed above.
 */
export function registerFamily(family: AnyFamily, bot: AnyFamilyBot): void {
  if (built) throw new Error(`The families are fixed once read: register ${family.id} before any family is looked up.`);
  if ([...PRODUCT_FAMILIES, ...plugged].some((r) => r.family.id === family.id))
    throw new Error(`The family ${family.id} is registered already.`);
  plugged.push({ family, bot });
}

/** Every printed edition of every registered family, in the order the home page offers them. */
export const presets = (): readonly Preset[] => Object.values(families()).flatMap((f) => f.presets);

export function getPreset(id: string): Preset | undefined {
  return presets().find((p) => p.id === id);
}

// `any` only where a family's own types are matched and thrown away: the view is what is kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ViewOf<F> = F extends Family<any, any, any, infer View, any> ? View : never;

/** What a seat (or spectator) is shown of a match, whatever the family; `family` tells them apart. */
export type MatchView = ViewOf<(typeof PRODUCT_FAMILIES)[number]['family']>;

/**
 * Any family's view; `family` tells them apart. Made from the registry when first used (zod's
 * `lazy` keeps it once made), so a family plugged in at a module's top is in it too.
 */
export const matchViewSchema: z.ZodType<MatchView> = z.lazy(() => {
  const [first, ...rest] = Object.values(families()).map((f) => f.viewSchema as z.ZodType<MatchView>);
  return z.union([first!, ...rest]);
});

/** The id of a registered family, made from the registry when first used (like `matchViewSchema`). */
export const familyIdSchema: z.ZodType<FamilyId> = z.lazy(() => z.enum(Object.keys(families()) as [FamilyId, ...FamilyId[]]));
