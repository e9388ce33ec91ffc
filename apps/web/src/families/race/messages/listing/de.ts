import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'race.description':
    'Alle knacken gleichzeitig denselben geheimen Code, jeder auf seinem Brett, und sehen die Wertungen der anderen eintreffen. Wer ihn zuerst knackt, gewinnt.',
  'race.players': '2 bis 8 Spieler',
  'preset.race-classic': 'Wettlauf — klassisch',
  'preset.race-classic.hint': '4 Löcher · 6 Farben · 10 Versuche',
  'preset.race-super': 'Wettlauf — super',
  'preset.race-super.hint': '5 Löcher · 8 Farben · 10 Versuche',
};
