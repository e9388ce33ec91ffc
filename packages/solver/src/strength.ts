import type { BotStrength, Code, Mm44Action, Mm44View, Rng, Seat } from '@mm/rules';
import type { Row } from './candidates';
import { mm44BotAction, mm44Call, mm44Codes, mm44DealsFromView, mm44RandomRow, mm44SampledRow } from './mm44';
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
      return rng.int(MEDIUM_SLIP) === 0 ? nextGuess(space, rows, 'consistent-random', rng) : nextGuess(space, rows, 'most-parts', rng);
    case 'easy':
      return nextGuess(space, rows, 'consistent-random', rng);
  }
}

/** A Master Mind 44 bot's move at `strength` (see `mm44BotAction` for the strong one). */
export function mm44BotActionAt(view: Mm44View, seat: Seat, strength: BotStrength, rng: Rng): Mm44Action | null {
  if (strength === 'strong') return mm44BotAction(view, seat);
  if (view.finished || view.out[seat]) return null;
  const own = new Set(view.boards.filter((b) => b.holder === seat).map((b) => b.board));
  const deals = mm44DealsFromView(view, strength === 'easy' ? { boards: own, lastRows: 2 } : { boards: own });
  if (deals.count === 0) return view.phase === 'finalCalls' && view.caller === seat ? { type: 'pass' } : null;
  // people call "Master Mind!" once they are sure, never on a hunch before the final calls
  const sure = mm44Call(deals);
  if (sure) return { type: 'call', code: sure };
  if (view.phase === 'finalCalls') return view.caller === seat ? { type: 'call', code: mm44Codes(deals)[0]!.code } : null;
  const turn = view.turn;
  if (turn === null || view.boards[turn]?.holder !== seat) return null;
  if (strength === 'easy') return { type: 'row', code: mm44RandomRow(rng) };
  return { type: 'row', code: mm44SampledRow(deals, turn, rng, MEDIUM_ROW_SAMPLES) };
}
