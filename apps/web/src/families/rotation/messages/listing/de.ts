import type { messages as en } from './en';

export const messages: Record<keyof typeof en, string> = {
  'rotation.description':
    'Jeder stellt einmal den Code; die anderen raten reihum auf einem gemeinsamen Brett und sammeln Punkte für jeden Steck.',
  'rotation.players': '3–5 Spieler',
  'preset.rotation-3': '3 Spieler',
  'preset.rotation-3.hint': 'ein gemeinsames Brett',
  'preset.rotation-4': '4 Spieler',
  'preset.rotation-4.hint': 'ein gemeinsames Brett',
  'preset.rotation-5': '5 Spieler',
  'preset.rotation-5.hint': 'ein gemeinsames Brett',
};
