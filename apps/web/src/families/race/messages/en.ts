/**
 * The race family's messages in English (the reference: fr.ts and de.ts have exactly these keys),
 * fetched with its screens; what lists show of it is in listing/.
 */
export const messages = {
  'race.room.summary': '{players} players · {pegs} holes · {colours} colours · {guesses} guesses',
  'race.room.blanksOn': 'blanks allowed',
  'race.room.hardOn': 'hard mode',
  'race.option.players': 'Players',
  'race.option.guesses': 'Guesses each',
  'race.option.blanks': 'Blank holes in the code',
  'race.option.blanksHint': 'A blank scores like one more colour; any number of holes may be blank.',
  'race.option.hard': 'Hard mode',
  'race.option.hardHint': 'Every guess must fit the key pegs of all your earlier rows.',
  'race.status.racing': '{n} still racing',
  'race.status.youBroke': 'You broke the code — place {place}. Still racing: {n}',
  'race.status.youOut': 'No rows left. Still racing: {n}',
  'race.board.mine': 'Your board',
  'race.board.of': '{name}’s board',
  'race.board.progress': 'Rows: {used} of {total}',
  'race.board.missed': '{n} lost to the timer',
  'race.board.broken': 'Broke it in {n} · place {place}',
  'race.board.out': 'Out of rows · place {place}',
  'race.board.racing': 'Racing',
  'race.code': 'The code',
  'race.code.hidden': 'Everyone breaks the same hidden code',
  'race.others': 'The others (key pegs only)',
  'race.you.lastGuess': 'You guessed (row {n}).',
  'race.you.lastTimeout': 'You ran out of time (row {n}).',
  'race.last.guess': '{name} guessed (row {n}).',
  'race.last.timeout': '{name} ran out of time (row {n}).',
  'race.result.place': 'You finished {place} of {total}.',
  'race.result.nobody': 'Nobody broke the code.',
  'race.result.rows': 'broke it in {n}',
  'race.result.out': 'out of rows ({n})',
  'race.share.missed': '{n} rows lost to the timer',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    race: typeof messages;
  }
}
