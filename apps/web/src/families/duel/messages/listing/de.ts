import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'duel.description': 'Zwei Spieler. Einer versteckt einen Code, der andere knackt ihn; jede Runde werden die Rollen getauscht.',
  'duel.players': '2 Spieler',
  'preset.duel-classic': 'Klassisch',
  'preset.duel-classic.hint': '2 Spieler · ohne Wiederholung',
  'preset.duel-expert': 'Expert / Super',
  'preset.duel-expert.hint': '2 Spieler · Wiederholungen',
  'preset.duel-gb-standard': 'GB Standard',
  'preset.duel-gb-standard.hint': 'Wiederholungen · Punkte für den Codierer',
  'preset.duel-gb-advanced': 'GB Fortgeschritten',
  'preset.duel-gb-advanced.hint': 'auch leere Löcher',
  'preset.duel-bot': 'Gegen einen Bot',
  'preset.duel-bot.hint': 'du gegen den Computer',
};
