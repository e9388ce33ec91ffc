/**
 * How well a bot plays a seat (a public room setting, like which seats are bots): `strong`
 * is the solver's best, `medium` and `easy` play like people of those levels. What each
 * means is the solver's (packages/solver/src/strength.ts); the rules only name them.
 */
export const BOT_STRENGTHS = ['easy', 'medium', 'strong'] as const;
export type BotStrength = (typeof BOT_STRENGTHS)[number];
export const DEFAULT_BOT_STRENGTH: BotStrength = 'strong';
