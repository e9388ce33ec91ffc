/**
 * What lists show of the rotation family, in English (the reference: fr.ts and de.ts have exactly
 * these keys): its description, player count and presets, loaded with the home page; the rest
 * of its messages (../en.ts) load with its screens (its table, its form, the room's rules line).
 */
export const messages = {
  'rotation.description':
    'Everyone makes the code once; the others take turns on one shared board and score points for every key peg.',
  'rotation.players': '3–5 players',
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
