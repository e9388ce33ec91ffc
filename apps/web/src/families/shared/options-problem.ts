/** Where the rules' "enough colours" refinement reports (without repeats, colours ≥ holes). */
const ENOUGH_COLOURS_PATH = 'colours';
// A refinement is known by its `custom` code and path: the rules' schemas carry two of them.
const refinedAt =
  (field: string) =>
  (i: { code: string; path: readonly PropertyKey[] }): boolean =>
    i.code === 'custom' && i.path[0] === field;

/** The part of a zod schema read here (the client does not depend on zod itself). */
interface OptionsSchema {
  safeParse(input: unknown): {
    success: boolean;
    error?: { issues: readonly { code: string; message: string; path: readonly PropertyKey[] }[] };
  };
}

export type OptionsProblem = 'option.tooFewColours' | 'option.gamesOdd' | 'option.invalid';

/**
 * Why a family's options schema refuses these options, as a message key; null when it accepts
 * them. The schema is the judge: its issues are read, the rules are not restated here.
 */
export function optionsProblem(schema: OptionsSchema, options: unknown): OptionsProblem | null {
  const parsed = schema.safeParse(options);
  if (parsed.success) return null;
  const issues = parsed.error?.issues ?? [];
  if (issues.some(refinedAt(ENOUGH_COLOURS_PATH))) return 'option.tooFewColours';
  if (issues.some(refinedAt('games'))) return 'option.gamesOdd';
  return 'option.invalid';
}
