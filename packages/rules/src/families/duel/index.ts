export * from './types';
export * from './pure';
export { duel } from './duel';
export { duelViewSchema } from './view-schema';
export { duelPresets } from './presets';
export { duelBot } from './bot';
