/**
 * The rotation family's messages in English (the reference: fr.ts and de.ts have exactly these keys),
 * fetched with its screens; what lists show of it is in listing/.
 */
export const messages = {
  'rotation.rules': '{players} players · {pegs} holes · {colours} colours · {guesses} rows per round',
  'rotation.you.lastGuess': 'You played row {n}: +{points} points.',
  'rotation.you.secret': 'Your secret',
  'rotation.result.rank': '{place} of {count}',
  'rotation.result.rankTied': '{place} of {count}, tied',
  'rotation.place.1': '1st',
  'rotation.place.2': '2nd',
  'rotation.place.3': '3rd',
  'rotation.place.4': '4th',
  'rotation.place.5': '5th',
  'rotation.option.players': 'Players',
  'rotation.option.playersHint': 'As many rounds as players: everyone makes the code once.',
  'rotation.option.rowsShared': 'Rows on the shared board',
  'rotation.option.rowsSharedHint': 'Per round. The longer the code holds, the more the codemaker scores.',
  'rotation.result.sharedWin': 'You share the win!',
  'rotation.codemakerIs': 'Codemaker: {name}',
  'rotation.then': 'Then: {names}',
  'rotation.toPlay': 'to play',
  'rotation.thisRound': 'this round',
  'rotation.points': '{n} pts',
  'rotation.rowPoints': '+{n} pts',
  'rotation.lastGuess': '{name} played row {n}: +{points} points.',
  'rotation.nobodyBroke': 'Nobody broke the code.',
  'rotation.codemakerScored': 'Codemaker {name} scores {n} points.',
  'rotation.sharedBoard': 'Shared board — round {n}',
  'rotation.secretOf': '{name}’s secret',
  'rotation.stake': 'If row {n} breaks the code, {name} (codemaker) scores {points}.',
  'rotation.pointsRule': 'Codebreakers score 2 points per right place, 1 per right colour, 10 for breaking the code.',
  'rotation.tableTitle': 'Codemaker points by row ({players} players)',
  'rotation.notBroken': 'not broken',
  'rotation.yourRow': 'Your row (row {n})',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    rotation: typeof messages;
  }
}
