import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'duel.description': 'Deux joueurs. L’un cache un code, l’autre le perce ; les rôles s’inversent à chaque manche.',
  'duel.players': '2 joueurs',
  'preset.duel-classic': 'Classique',
  'preset.duel-classic.hint': '2 joueurs · sans répétition',
  'preset.duel-expert': 'Expert / Super',
  'preset.duel-expert.hint': '2 joueurs · répétitions',
  'preset.duel-gb-standard': 'GB standard',
  'preset.duel-gb-standard.hint': 'répétitions · points du codeur',
  'preset.duel-gb-advanced': 'GB avancé',
  'preset.duel-gb-advanced.hint': 'trous vides en plus',
  'preset.duel-bot': 'Contre un robot',
  'preset.duel-bot.hint': 'vous contre l’ordinateur',
};
