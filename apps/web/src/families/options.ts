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

/** What the options forms read of a zod schema (zod 4's public accessors), without importing zod here. */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
  /** a `.default()`: the schema inside */
  unwrap?: () => FieldSchema;
  /** a number's bounds */
  minValue?: number | null;
  maxValue?: number | null;
  /** a `z.literal([…])`'s values */
  values?: ReadonlySet<unknown>;
}

/**
 * The values a family's rules accept for one of its numeric options, smallest first: a literal's
 * listed values, or every integer between the number's bounds that the field's own checks let
 * through (an even count of rounds, an odd series of games). The options forms offer exactly
 * these, so a range is written once, in the rules. Throws for a field that is not a bounded
 * number (a form asking for it is a mistake its test catches).
 */
export function optionChoices(familyId: string, field: string): number[] {
  const shape = (familyOf(familyId)?.optionsSchema as unknown as { shape?: Record<string, FieldSchema> } | undefined)?.shape;
  const schema = shape?.[field];
  if (!schema) throw new Error(`${familyId} has no option ${field}`);
  let inner = schema;
  while (inner.unwrap) inner = inner.unwrap();
  if (inner.values) return [...inner.values].filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  const { minValue: min, maxValue: max } = inner;
  if (typeof min !== 'number' || typeof max !== 'number' || !Number.isFinite(min) || !Number.isFinite(max)) {
    throw new Error(`${familyId} option ${field} is not a bounded number`);
  }
  return Array.from({ length: max - min + 1 }, (_, i) => min + i).filter((n) => schema.safeParse(n).success);
}
