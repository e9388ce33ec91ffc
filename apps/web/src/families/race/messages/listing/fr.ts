import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'race.description':
    'Tout le monde perce le même code caché en même temps, chacun sur son plateau, en voyant arriver les fiches des autres. Le premier qui le perce gagne.',
  'race.players': '2 à 8 joueurs',
  'preset.race-classic': 'Course — classique',
  'preset.race-classic.hint': '4 trous · 6 couleurs · 10 essais',
  'preset.race-super': 'Course — super',
  'preset.race-super.hint': '5 trous · 8 couleurs · 10 essais',
};
