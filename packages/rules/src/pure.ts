/**
 * `@mm/rules/pure`: every shared type of the rules, and the shared constants and functions that
 * build no schema, so importing it loads no zod. For a client's first paint (the room page),
 * which reads views and checks codes but parses no options or actions; the engines, the
 * registry and the schemas are in the main entry (`@mm/rules`), which re-exports all of this.
 * A family's own are its entries, `@mm/rules/families/<id>/pure` (and, with its engine and
 * schemas, `@mm/rules/families/<id>`): no list of families here. Its test keeps it free of zod.
 */
export * from './core/errors';
export * from './core/code';
export * from './core/score';
export * from './core/rng';
export * from './core/daily';
export * from './core/daily-stats';
export * from './core/family';
export * from './core/outcome';
export * from './core/seating';
export * from './core/turn-clock';
export * from './core/bot';
export type { MatchView } from './families/registry';
export type { TimeoutAction } from './core/actions';
