import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'mm44.description':
    'Chaque grille détient une partie d’un code caché commun : répondez sur la vôtre, déduisez le reste, criez « Master Mind ! » le premier.',
  'mm44.players': '2 à 4 joueurs',
  'preset.mm44-game1': '4 joueurs',
  'preset.mm44-game1.hint': 'Jeu 1',
  'preset.mm44-game2-3x1': '3 joueurs',
  'preset.mm44-game2-3x1.hint': 'Jeu 2 · 1 plateau chacun',
  'preset.mm44-game2-2x1': '2 joueurs',
  'preset.mm44-game2-2x1.hint': 'Jeu 2 · 1 plateau chacun',
  'preset.mm44-game2-2x2': '2 joueurs × 2',
  'preset.mm44-game2-2x2.hint': 'Jeu 2 · 2 plateaux chacun',
};
