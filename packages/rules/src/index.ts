export * from './core/errors';
export * from './core/code';
export * from './core/code-schema';
export * from './core/score';
export * from './core/rng';
export * from './core/daily';
export * from './core/daily-stats';
export * from './core/family';
export * from './core/outcome';
export * from './core/seating';
export * from './core/turn-clock';
export * from './core/view-schemas';
export * from './core/bot';
export {
  families,
  familyIdSchema,
  getFamily,
  getFamilyBot,
  getPreset,
  matchViewSchema,
  presets,
  registerFamily,
} from './families/registry';
export type { MatchView } from './families/registry';
export { SERVER_ACTION_TYPES, isServerAction, timeoutActionSchema } from './core/actions';
export type { TimeoutAction } from './core/actions';
