/**
 * What lists show of the duel family, in English (the reference: fr.ts and de.ts have exactly
 * these keys): its description, player count, presets and rules line. These load with the
 * language, for every family; the rest of its messages (../en.ts) load with its screens.
 */
export const messages = {
  'duel.description': 'Two players. One hides a code, the other breaks it; roles swap every round.',
  'duel.players': '2 players',
  'duel.option.scoring.rounds': 'Rounds won',
  'duel.option.scoring.points': 'Codemaker points',
  'duel.option.handScoring': 'Codemaker scores by hand',
  'duel.room.blanksOn': 'blanks allowed',
  'duel.room.summary': '{pegs} holes · {colours} colours · {guesses} guesses · {rounds} rounds',
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
