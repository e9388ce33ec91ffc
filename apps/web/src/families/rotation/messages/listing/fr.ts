import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'rotation.description':
    'Chacun compose le code une fois ; les autres jouent à tour de rôle sur une grille commune et marquent des points à chaque fiche.',
  'rotation.players': '3 à 5 joueurs',
  'preset.rotation-3': '3 joueurs',
  'preset.rotation-3.hint': 'un plateau commun',
  'preset.rotation-4': '4 joueurs',
  'preset.rotation-4.hint': 'un plateau commun',
  'preset.rotation-5': '5 joueurs',
  'preset.rotation-5.hint': 'un plateau commun',
};
