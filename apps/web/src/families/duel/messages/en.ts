/**
 * The duel family's messages in English (the reference: fr.ts and de.ts have exactly these keys),
 * fetched with its screens; what lists show of it is in listing/.
 */
export const messages = {
  'duel.option.scoring.rounds': 'Rounds won',
  'duel.option.scoring.points': 'Codemaker points',
  'duel.option.handScoring': 'Codemaker scores by hand',
  'duel.room.blanksOn': 'blanks allowed',
  'duel.room.summary': '{pegs} holes · {colours} colours · {guesses} guesses · {rounds} rounds',
  'duel.you.lastGuess': 'You guessed (row {n}).',
  'duel.you.lastScore': 'You scored row {n}.',
  'duel.status.seatFree': 'Seat {letter} is free',
  'duel.option.blanks': 'Blank holes in the secret',
  'duel.option.blanksHint': 'A blank scores like one more colour; any number of holes may be blank.',
  'duel.option.guesses': 'Guesses per round',
  'duel.option.rounds': 'Rounds',
  'duel.option.roundsHint': 'Even, so that both players make the code equally often.',
  'duel.option.scoring': 'Scoring',
  'duel.option.scoring.roundsHint': 'Break the code to win the round.',
  'duel.option.scoring.pointsHint': 'The codemaker scores a point for every row the codebreaker needs.',
  'duel.option.handScoringHint': 'A wrong score is found out at the end of the round: the round is replayed.',
  'duel.room.replayed': 'replayed',
  'duel.room.unit.rounds': 'rounds won',
  'duel.role.codebreaker': 'Codebreaker',
  'duel.status.yourScore': 'Your turn — score {name}’s guess',
  'duel.status.waitScore': 'Waiting for {name} to score your guess',
  'duel.status.waitPlayer': 'Waiting for a second player to sit down',
  'duel.status.watchScore': '{name} is scoring the guess',
  'duel.board.hiddenSecret': 'The secret is hidden',
  'duel.score.title': 'Score the guess',
  'duel.round.failed': '{name} did not break the code.',
  'duel.round.faulty': 'Faulty round: a score was wrong, so the round is replayed.',
  'duel.last.guess': '{name} guessed (row {n}).',
  'duel.last.score': '{name} scored row {n}.',
  'duel.replay.secret': 'Secret',
  'duel.draw.both': 'Both broke it: {list}.',
  'duel.draw.neither': 'Neither broke the code.',
  'duel.draw.some': 'Codes broken: {list}.',
  'duel.draw.rows': '{name} in {rows}',
  'duel.draw.rowsMissed': '{name} in {rows} ({n} not broken)',
  'duel.draw.none': '{name} none',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    duel: typeof messages;
  }
}
