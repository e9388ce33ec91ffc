/**
 * What lists show of the race family, in English (the reference: fr.ts and de.ts have exactly
 * these keys): its description, player count and presets, loaded with the home page; the rest
 * of its messages (../en.ts) load with its screens (its table, its form, the room's rules line).
 */
export const messages = {
  'race.description':
    'Everyone breaks the same hidden code at once, each on their own board, seeing the others’ key pegs arrive. First to break it wins.',
  'race.players': '2 to 8 players',
  'preset.race-classic': 'Race — classic',
  'preset.race-classic.hint': '4 holes · 6 colours · 10 guesses',
  'preset.race-super': 'Race — super',
  'preset.race-super.hint': '5 holes · 8 colours · 10 guesses',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    'race listing': typeof messages;
  }
}
