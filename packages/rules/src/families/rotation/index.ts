export * from './types';
export * from './pure';
export { rotation } from './rotation';
export { rotationViewSchema } from './view-schema';
export { rotationPresets } from './presets';
export { rotationBot } from './bot';
