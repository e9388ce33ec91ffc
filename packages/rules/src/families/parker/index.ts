export * from './types';
export * from './pure';
export { parker } from './parker';
export { parkerViewSchema } from './view-schema';
export { parkerPresets } from './presets';
export { parkerBot } from './bot';
