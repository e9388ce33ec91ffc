export * from './types';
export { parker, parkerSecretRules } from './parker';
export { parkerViewSchema } from './view-schema';
export { parkerPresets } from './presets';
export { parkerBot } from './bot';
