export * from './types';
export { duel } from './duel';
