export * from './types';
export { duel, duelSecretRules } from './duel';
export { duelPresets } from './presets';
