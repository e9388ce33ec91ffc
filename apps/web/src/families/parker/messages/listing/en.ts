/**
 * What lists show of the parker family, in English (the reference: fr.ts and de.ts have exactly
 * these keys): its description, player count and presets, loaded with the home page; the rest
 * of its messages (../en.ts) load with its screens (its table, its form, the room's rules line).
 */
export const messages = {
  'parker.description': 'Both hide a code at the same time, then race to break each other’s in fewer moves.',
  'parker.players': '2 players',
  'preset.parker-single': 'Single game',
  'preset.parker-single.hint': '2 players at once',
  'preset.parker-best-of-3': 'Best of 3',
  'preset.parker-best-of-3.hint': '2 players · series',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    'parker listing': typeof messages;
  }
}
