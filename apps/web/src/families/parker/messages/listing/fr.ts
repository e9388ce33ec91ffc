import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'parker.description': 'Chacun cache un code en même temps, puis c’est à qui percera celui de l’autre en moins de coups.',
  'parker.players': '2 joueurs',
  'preset.parker-single': 'Partie unique',
  'preset.parker-single.hint': '2 joueurs en même temps',
  'preset.parker-best-of-3': 'En 3 manches',
  'preset.parker-best-of-3.hint': '2 joueurs · série',
};
