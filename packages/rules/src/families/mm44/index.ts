export * from './types';
export * from './pure';
export { mm44, mm44Answer, mm44Code, mm44Deal } from './mm44';
export { mm44ViewSchema } from './view-schema';
export { mm44Presets } from './presets';
export { mm44Bot } from './bot';
