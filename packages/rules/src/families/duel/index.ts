export * from './types';
export { duel, duelSecretRules } from './duel';
