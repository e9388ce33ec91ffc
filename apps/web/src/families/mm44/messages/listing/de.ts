import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'mm44.description':
    'Jedes Brett hält einen Teil eines gemeinsamen Geheimcodes: Antworte zu deinem, folgere den Rest, rufe als Erster „Master Mind!“.',
  'mm44.players': '2–4 Spieler',
  'preset.mm44-game1': '4 Spieler',
  'preset.mm44-game1.hint': 'Spiel 1',
  'preset.mm44-game2-3x1': '3 Spieler',
  'preset.mm44-game2-3x1.hint': 'Spiel 2 · je 1 Brett',
  'preset.mm44-game2-2x1': '2 Spieler',
  'preset.mm44-game2-2x1.hint': 'Spiel 2 · je 1 Brett',
  'preset.mm44-game2-2x2': '2 Spieler × 2',
  'preset.mm44-game2-2x2.hint': 'Spiel 2 · je 2 Bretter',
};
