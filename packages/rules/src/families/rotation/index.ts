export * from './types';
export { rotation, rotationGuessPoints, rotationCodemakerPoints, ROTATION_BREAK_POINTS, ROTATION_CODEMAKER_TABLE } from './rotation';
