export * from './types';
export { duel, duelSecretRules } from './duel';
export { duelViewSchema } from './view-schema';
export { duelPresets } from './presets';
export { duelBot } from './bot';
