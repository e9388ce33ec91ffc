import type { BotStrength, Code, Rng, Seat } from '@mm/rules';
import type { Mm44Action, Mm44View } from '@mm/rules/families/mm44';
import type { Row } from './candidates';
import { mm44BotAction, mm44Move, mm44RandomRow, mm44SampledRow } from './mm44';
import type { Space } from './space';
import { nextGuess } from './strategies';

/**
 * How well a bot plays (`BOT_STRENGTHS` of the rules). `strong` is the solver at its best (the optimal plan where one is
 * known); `medium` and `easy` play like people of that level, so a table with bots still
 * leaves its people a game:
 * - easy: any code that can still be the secret, drawn at random (never an impossible one);
 *   in Master Mind 44 it keeps in mind only the last two rows of its own boards, places rows
 *   at random and calls only once that is enough to be sure;
 * - medium: a greedy guess (the code that splits the possible codes into the most classes)
 *   with a slip one time in four to a random possible code; in Master Mind 44 it follows
 *   every row of its own boards (not the other boards'), places the best of a dozen random
 *   rows and calls once sure.
 */
export { BOT_STRENGTHS, type BotStrength } from '@mm/rules';

/** A medium bot's slips: one move in this many is a random possible code instead of the greedy one. */
const MEDIUM_SLIP = 4;
/** Random rows a medium MM44 bot compares before placing one. */
const MEDIUM_ROW_SAMPLES = 12;

/** A codebreaker's next guess at `strength`; `rng` draws the weaker levels' choices. */
export function guessAt(space: Space, rows: readonly Row[], strength: BotStrength, rng: Rng): Code {
  switch (strength) {
    case 'strong':
      return nextGuess(space, rows);
    case 'medium':
      return rng.int(MEDIUM_SLIP) === 0
        ? nextGuess(space, rows, 'consistent-random', rng)
        : nextGuess(space, rows, 'most-parts', rng);
    case 'easy':
      return nextGuess(space, rows, 'consistent-random', rng);
  }
}

/** A Master Mind 44 bot's move at `strength` (see `mm44BotAction` for the strong one). */
export function mm44BotActionAt(view: Mm44View, seat: Seat, strength: BotStrength, rng: Rng): Mm44Action | null {
  if (strength === 'strong') return mm44BotAction(view, seat);
  const own = new Set(view.boards.filter((b) => b.holder === seat).map((b) => b.board));
  // people call "Master Mind!" once they are sure, never on a hunch before the final calls
  return strength === 'easy'
    ? mm44Move(view, seat, { boards: own, lastRows: 2 }, () => mm44RandomRow(rng))
    : mm44Move(view, seat, { boards: own }, (deals, board) => mm44SampledRow(deals, board, rng, MEDIUM_ROW_SAMPLES));
}
