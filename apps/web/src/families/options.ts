import { getFamily, type AnyFamily, type Preset } from '@mm/rules';

/**
 * A family's options as the home page edits them: their defaults, what is wrong with them,
 * how many seats they make. The family's options schema (from its rules) is the judge, so
 * this module loads the engines and zod: only the page that creates rooms imports it, never
 * the room page, which paints without a schema (`@mm/rules/pure`).
 */

/** Where the rules' "enough colours" refinement reports (without repeats, colours ≥ holes). */
const ENOUGH_COLOURS_PATH = 'colours';
// A refinement is known by its `custom` code and path: the rules' schemas carry two of them.
const refinedAt =
  (field: string) =>
  (i: { code: string; path: readonly PropertyKey[] }): boolean =>
    i.code === 'custom' && i.path[0] === field;

export type OptionsProblem = 'option.tooFewColours' | 'option.gamesOdd' | 'option.invalid';

const familyOf = (id: string): AnyFamily | undefined => getFamily(id);

/** The defaults of a family's options schema (every field filled). */
export function defaultOptions(familyId: string): Record<string, unknown> {
  return { ...(familyOf(familyId)?.optionsSchema.parse({}) as object) };
}

/** A family's printed editions, as its rules list them: the home page's one-tap starts. */
export const presetsOf = (familyId: string): readonly Preset[] => familyOf(familyId)?.presets ?? [];

/** A preset's options with the family's defaults filled in. */
export function presetOptions(p: Preset): Record<string, unknown> {
  return { ...(familyOf(p.family)?.optionsSchema.parse(p.options) as object) };
}

/**
 * Why a family's options schema refuses these options, as a message key; null when it accepts
 * them. The schema is the judge: its issues are read, the rules are not restated here.
 */
export function optionsProblem(familyId: string, options: unknown): OptionsProblem | null {
  const family = familyOf(familyId);
  if (!family) return 'option.invalid';
  const parsed = family.optionsSchema.safeParse(options);
  if (parsed.success) return null;
  const issues = parsed.error.issues;
  if (issues.some(refinedAt(ENOUGH_COLOURS_PATH))) return 'option.tooFewColours';
  if (issues.some(refinedAt('games'))) return 'option.gamesOdd';
  return 'option.invalid';
}

/** How many seats a room of `family` with these options has, or null when the options do not parse. */
export function seatCountFor(familyId: string, options: unknown): number | null {
  const family = familyOf(familyId);
  if (!family) return null;
  const parsed = family.optionsSchema.safeParse(options);
  return parsed.success ? family.seatCount(parsed.data) : null;
}
