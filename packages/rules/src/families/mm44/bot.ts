import { codeGameAction, type FamilyBot } from '../../core/bot';
import type { Mm44View } from './types';

/**
 * Master Mind 44 is reasoned over the possible deals of the hidden parts (the solver's
 * `deals` situation), at any time: a seat may call "Master Mind!" out of turn. Its hint
 * counts deals, not codes, so it has no code board.
 */
export const mm44Bot: FamilyBot<Mm44View> = {
  duty: (view, seat) => ({ kind: 'deals', view, seat }),
  board: () => null,
  action: codeGameAction,
  actsOffTurn: true,
  warmUp: () => null,
};
