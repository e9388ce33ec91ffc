/**
 * The parker family's messages in English (the reference: fr.ts and de.ts have exactly these keys),
 * fetched with its screens; what lists show of it is in listing/.
 */
export const messages = {
  'parker.rules': '{pegs} holes · {colours} colours · up to {moves} moves per game',
  'parker.rulesGames': 'Best of {games} games',
  'parker.you.lastSecret': 'You set your secret.',
  'parker.you.lastGuess': 'You guessed (move {n}).',
  'parker.you.code': 'Your code:',
  'parker.option.games': 'Games in the match',
  'parker.option.gamesHint':
    'A game lasts at most {moves} moves. Players take turns to move first; most games won takes the match.',
  'parker.option.repeatsHint': 'On in the 1974 rules; off is the beginners’ game.',
  'parker.replay.game': 'Game {n}',
  'parker.share.game': 'Game {n}',
  'parker.yourSecret': 'Your turn — set your secret code',
  'parker.bothSecrets': 'Both players are setting their secret',
  'parker.secretsFirst': 'Secrets first',
  'parker.gameOf': 'Game {n} of {total}',
  'parker.moveOf': 'Move {n} of {total}',
  'parker.firstMover': '{name} moves first in this game.',
  'parker.unit': 'games won',
  'parker.lastSecret': '{name} set a secret.',
  'parker.lastGuess': '{name} guessed (move {n}).',
  'parker.won': '{name} broke the code in move {n} and wins the game.',
  'parker.bothBroken': 'Both codes broken in move {n}: a draw.',
  'parker.neitherBroken': 'Neither code broken in {n} moves: a draw.',
  'parker.gameOver': 'Game {n} is over',
  'parker.gameTitle': 'Game {n}',
  'parker.codeOf': '{name}’s code:',
  'parker.hiddenCodeOf': '{name}’s code (hidden)',
  'parker.noCodeYet': '{name} has no code yet',
  'parker.ownBoard': 'Your guesses at {name}’s code',
  'parker.opponentBoard': '{name}’s guesses at your code',
  'parker.boardOf': '{a}’s guesses at {b}’s code',
  'parker.progress': '{used} of {total}',
  'parker.brokeIn': '{name} broke the code in move {n}.',
  'parker.secretTitle': 'Set your secret code',
  'parker.secretHint': '{name} sets theirs at the same time and never sees yours.',
  'parker.guessTitle': 'Move {n}: guess {name}’s code',
  'parker.earlier': 'Earlier games',
} as const;

// t() accepts these keys: the family adds them to the dictionary's type from its own folder.
declare module '../../../lib/i18n/family-messages' {
  interface FamilyMessages {
    parker: typeof messages;
  }
}
