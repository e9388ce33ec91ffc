export * from './types';
export { parker, parkerSecretRules } from './parker';
