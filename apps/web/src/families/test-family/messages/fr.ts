import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'one-peg.description': 'Un seul trou : un joueur cache une couleur, l’autre la trouve.',
  'one-peg.players': '2 joueurs',
};
