import type { Lang } from '../../core/family';
import type { CodeRules } from '../../core/code';
import type { ParkerOptions } from './types';

/**
 * Parker 1974's constants and the readings of its options that build no schema: what
 * `@mm/rules/pure` offers a client that paints a room without zod. The engine (parker.ts) and
 * the schemas (types.ts) build on these.
 */

/**
 * docs/rules.md §3: "neither broken after 8 moves: a draw". The rulebook gives no range for it, and a
 * number without a range is fixed, so it is a constant rather than an option.
 */
export const PARKER_MOVES = 8;

export const parkerSecretRules = (o: ParkerOptions): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: false,
});

/** The family's name in every language: its family object, the server's pages and pushes, and the web app read this one. */
export const parkerName: Readonly<Record<Lang, string>> = { en: 'Parker 1974', fr: 'Parker 1974', de: 'Parker 1974' };
