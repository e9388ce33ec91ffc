export * from './types';
export { parker, parkerSecretRules } from './parker';
export { parkerPresets } from './presets';
