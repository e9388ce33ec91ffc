/**
 * What lists show of the duel family, in English (the reference: fr.ts and de.ts have exactly
 * these keys): its description, player count and presets, loaded with the home page; the rest
 * of its messages (../en.ts) load with its screens (its table, its form, the room's rules line).
 */
export const messages = {
  'duel.description': 'Two players. One hides a code, the other breaks it; roles swap every round.',
  'duel.players': '2 players',
  'preset.duel-classic': 'Classic',
  'preset.duel-classic.hint': '2 players · no repeats',
  'preset.duel-expert': 'Expert / Super',
  'preset.duel-expert.hint': '2 players · repeats',
  'preset.duel-gb-standard': 'GB standard',
  'preset.duel-gb-standard.hint': 'repeats · codemaker points',
  'preset.duel-gb-advanced': 'GB advanced',
  'preset.duel-gb-advanced.hint': 'blank holes too',
  'preset.duel-bot': 'Play a bot',
  'preset.duel-bot.hint': 'you against the computer',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    'duel listing': typeof messages;
  }
}
