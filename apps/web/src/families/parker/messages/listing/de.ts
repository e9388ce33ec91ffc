import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'parker.description': 'Beide verstecken gleichzeitig einen Code – wer den des anderen in weniger Zügen knackt, gewinnt.',
  'parker.players': '2 Spieler',
  'preset.parker-single': 'Einzelspiel',
  'preset.parker-single.hint': '2 Spieler gleichzeitig',
  'preset.parker-best-of-3': 'Best of 3',
  'preset.parker-best-of-3.hint': '2 Spieler · Serie',
};
