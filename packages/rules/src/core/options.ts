import { z } from 'zod';

/**
 * Zod fragments the code-setting families (duel, rotation, Parker) share in their options
 * (not exported from the package). Only the messages and the `colours` range are the same
 * everywhere: the ranges and defaults of `pegs` and the default of `repeats` are each
 * family's own, so every family passes its figures in.
 */

/** How each family bounds and defaults the fields of a secret. */
export interface CodeOptionFigures {
  /** most holes allowed (the fewest is 3 everywhere) */
  maxPegs: number;
  defaultPegs: number;
  defaultRepeats: boolean;
}

/** The `pegs`, `colours` and `repeats` fields of an options schema, in that order. */
export const codeOptionFields = ({ maxPegs, defaultPegs, defaultRepeats }: CodeOptionFigures) => ({
  pegs: z.number().int().min(3).max(maxPegs).default(defaultPegs),
  colours: z.number().int().min(4).max(10).default(6),
  repeats: z.boolean().default(defaultRepeats),
});

/** Without repeats a secret needs `pegs` distinct colours, unless blanks (any number of them) fill the rest. */
export const enoughColours = (o: { pegs: number; colours: number; repeats: boolean; blanks?: boolean }): boolean =>
  o.repeats || o.blanks === true || o.colours >= o.pegs;

/** Where and how a schema refined with `enoughColours` reports its failure. */
export const ENOUGH_COLOURS_ISSUE: { path: string[]; message: string } = {
  path: ['colours'],
  message: 'without repeated colours a secret needs at least as many colours as holes',
};
