import type { Lang } from '../../core/family';
import type { CodeRules } from '../../core/code';
import type { DuelOptions } from './types';

/**
 * The duel's readings of its options that build no schema: what `@mm/rules/pure` offers a
 * client that paints a room without zod. The engine (duel.ts) builds on them.
 */

export const duelSecretRules = (o: DuelOptions): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: o.blanks,
});

/** The family's name in every language: its family object, the server's pages and pushes, and the web app read this one. */
export const duelName: Readonly<Record<Lang, string>> = { en: 'Duel', fr: 'Duel', de: 'Duell' };
