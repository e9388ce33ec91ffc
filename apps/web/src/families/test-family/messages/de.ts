import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'one-peg.description': 'Ein Loch: einer versteckt eine Farbe, der andere findet sie.',
  'one-peg.players': '2 Spieler',
};
