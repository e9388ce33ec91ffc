/** The test-only family's messages in English, the reference: fr.ts and de.ts have exactly these keys. */
export const messages = {
  'one-peg.description': 'One hole: one player hides a colour, the other finds it.',
  'one-peg.players': '2 players',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    'one-peg': typeof messages;
  }
}
