export * from './core/errors';
export * from './core/code';
export * from './core/code-schema';
export * from './core/score';
export * from './core/rng';
export * from './core/family';
export * from './core/view-schemas';
export * from './core/preset';
export * from './core/bot';
export * from './families/duel';
export * from './families/rotation';
export * from './families/parker';
export * from './families/mm44';
export {
  families,
  familyBots,
  familyIdSchema,
  getFamily,
  getFamilyBot,
  matchViewSchema,
  registerFamily,
} from './families/registry';
export { presets, getPreset } from './families/presets';
export type { MatchView } from './families/registry';
export { SERVER_ACTION_TYPES, isServerAction, timeoutActionSchema } from './core/actions';
export type { TimeoutAction } from './core/actions';
