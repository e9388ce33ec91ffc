/**
 * What lists show of the mm44 family, in English (the reference: fr.ts and de.ts have exactly
 * these keys): its description, player count and presets, loaded with the home page; the rest
 * of its messages (../en.ts) load with its screens (its table, its form, the room's rules line).
 */
export const messages = {
  'mm44.description':
    'Each board holds one part of a shared hidden code: answer about yours, deduce the rest, call “Master Mind!” first.',
  'mm44.players': '2–4 players',
  'preset.mm44-game1': '4 players',
  'preset.mm44-game1.hint': 'Game 1',
  'preset.mm44-game2-3x1': '3 players',
  'preset.mm44-game2-3x1.hint': 'Game 2 · 1 board each',
  'preset.mm44-game2-2x1': '2 players',
  'preset.mm44-game2-2x1.hint': 'Game 2 · 1 board each',
  'preset.mm44-game2-2x2': '2 players × 2',
  'preset.mm44-game2-2x2.hint': 'Game 2 · 2 boards each',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    'mm44 listing': typeof messages;
  }
}
