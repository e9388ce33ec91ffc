/**
 * `@mm/rules/pure`: every type of the rules, and the constants and functions that build no
 * schema, so importing it loads no zod. For a client's first paint (the room page), which
 * reads views and checks codes but parses no options or actions; the engines, the registry
 * and the schemas are in the main entry (`@mm/rules`), which re-exports all of this. Its test
 * keeps it free of zod.
 */
export * from './core/errors';
export * from './core/code';
export * from './core/score';
export * from './core/rng';
export * from './core/family';
export * from './core/preset';
export * from './core/bot';
export * from './families/duel/pure';
export * from './families/rotation/pure';
export * from './families/parker/pure';
export * from './families/mm44/pure';
export * from './families/presets';
export type * from './families/duel/types';
export type * from './families/rotation/types';
export type * from './families/parker/types';
export type * from './families/mm44/types';
export type { MatchView } from './families/registry';
export type { TimeoutAction } from './core/actions';
