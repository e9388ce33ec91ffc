export * from './core/errors';
export * from './core/code';
export * from './core/score';
export * from './core/rng';
export * from './core/family';
export * from './families/duel';
export { families, getFamily } from './families/registry';
export type { MatchView } from './families/registry';
