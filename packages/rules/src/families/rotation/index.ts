export * from './types';
export {
  rotation,
  rotationSecretRules,
  rotationGuessPoints,
  rotationCodemakerPoints,
  ROTATION_BREAK_POINTS,
  ROTATION_CODEMAKER_TABLE,
} from './rotation';
export { rotationViewSchema } from './view-schema';
export { rotationPresets } from './presets';
export { rotationBot } from './bot';
