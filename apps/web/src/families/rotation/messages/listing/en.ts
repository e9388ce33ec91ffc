/**
 * What lists show of the rotation family, in English (the reference: fr.ts and de.ts have exactly
 * these keys): its description, player count, presets and rules line. These load with the
 * language, for every family; the rest of its messages (../en.ts) load with its screens.
 */
export const messages = {
  'rotation.description':
    'Everyone makes the code once; the others take turns on one shared board and score points for every key peg.',
  'rotation.players': '3–5 players',
  'rotation.rules': '{players} players · {pegs} holes · {colours} colours · {guesses} rows per round',
  'preset.rotation-3': '3 players',
  'preset.rotation-3.hint': 'one shared board',
  'preset.rotation-4': '4 players',
  'preset.rotation-4.hint': 'one shared board',
  'preset.rotation-5': '5 players',
  'preset.rotation-5.hint': 'one shared board',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    'rotation listing': typeof messages;
  }
}
