export * from './types';
export { parker } from './parker';
