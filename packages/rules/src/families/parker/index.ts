export * from './types';
export { parker, parkerSecretRules } from './parker';
export { parkerViewSchema } from './view-schema';
