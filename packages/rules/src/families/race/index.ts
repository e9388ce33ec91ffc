export * from './types';
export * from './pure';
export { race, raceCode, racePlaces } from './race';
export { raceViewSchema } from './view-schema';
export { racePresets } from './presets';
export { raceBot } from './bot';
