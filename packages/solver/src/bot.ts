import {
  createRng,
  randomCode,
  scoreGuess,
  type BotDuty,
  type BotMove,
  type BotStrength,
  type Code,
  type Rng,
  type SeatBoard,
} from '@mm/rules';
import type { Mm44View } from '@mm/rules/families/mm44';
import { candidatesFor, partitionCounts, type Row } from './candidates';
import { mm44BotAction } from './mm44';
import { mm44DealsFromView } from './mm44-deals';
import { randomRelabelling, relabelledGuess } from './relabel';
import { createSpace, decode, encode, type Space } from './space';
import { nextGuess } from './strategies';
import { mm44BotActionAt } from './strength';

/**
 * Where a bot's random choices come from. `seed` is the seat's own for the match (the server
 * derives it one-way from the match's seed and the seat): every choice among equally good moves
 * and every weaker bot's pick follows from it, the board and the move, so two bots of one match
 * choose apart, a bot opens differently from match to match, and the same match replays the
 * same moves. `secret` draws a codemaker's secret, which the server keeps on fresh randomness.
 */
export interface BotRandomness {
  seed: string;
  secret: () => Rng;
}

/**
 * The bot's decision for a duty a family described (`family.bot.duty`), at `strength`, or
 * null when there is nothing worth playing. A codebreaker plays its strength's strategy on
 * its board relabelled once per board (`relabelledGuess`): exactly as strong, never the
 * same codes at every table. The solver never learns which family it plays: the duty says
 * all it needs.
 */
export function botMove(duty: BotDuty, strength: BotStrength, random: BotRandomness): BotMove | null {
  switch (duty.kind) {
    case 'secret':
      return { kind: 'secret', code: randomCode(random.secret(), duty.rules) };
    case 'score':
      // Hand scoring: the bot enters the true score of the guess against the secret its view shows it.
      return { kind: 'score', score: scoreGuess(duty.secret, duty.guess) };
    case 'guess': {
      const board = `${random.seed}/board ${duty.round}`;
      const labels = randomRelabelling(duty.rules, createRng(board));
      const rng = createRng(`${board}/row ${duty.rows.length}`);
      return { kind: 'guess', code: relabelledGuess(createSpace(duty.rules), duty.rows, strength, rng, labels) };
    }
    case 'deals': {
      // a 'deals' duty comes from the one family dealt from hidden parts: its view is Master Mind 44's
      const view = duty.view as Mm44View;
      const rng = createRng(`${random.seed}/deals/${movesMade(view)}`);
      const action = mm44BotActionAt(view, duty.seat, strength, rng);
      if (!action || action.type === 'timeout') return null;
      return action.type === 'pass' ? { kind: 'pass' } : { kind: action.type, code: action.code };
    }
  }
}

/** How far a Master Mind 44 game is: a bot's next move draws from its own stream. */
const movesMade = (view: Mm44View): number =>
  view.boards.reduce((n, b) => n + b.rows.length + b.missed.length, 0) + view.calls.length + view.passed.length;

/** Codes tried as a hint, and codes they are scored against, at most (a few hundred thousand table reads). */
const HINT_POOL = 300;
const HINT_SAMPLE = 600;

function pick(codes: Int32Array, k: number, rng: Rng): Int32Array {
  if (codes.length <= k) return codes;
  const out = new Int32Array(k);
  for (let i = 0; i < k; i++) out[i] = codes[rng.int(codes.length)]!;
  return out;
}

/**
 * A hint is always a code that can still be the secret, so that a person is never told to
 * play something the rows already rule out: the solver's own move when it is one (it often
 * is not — the strongest probes may be impossible codes), else the possible code that splits
 * the possible codes into the most classes. With no possible code (wrong hand-entered
 * scores) it is the bot's move.
 */
export function consistentGuess(space: Space, rows: readonly Row[]): Code {
  const strong = nextGuess(space, rows);
  const cands = candidatesFor(space, rows);
  if (cands.length === 0 || cands.includes(encode(space, strong))) return strong;
  if (cands.length <= 2) return decode(space, cands[0]!);
  const rng = createRng(`hint/${rows.map((r) => `${r.guess.join(',')}:${r.score.black}.${r.score.white}`).join('/')}`);
  const pool = pick(cands, HINT_POOL, rng);
  const sample = pick(cands, HINT_SAMPLE, rng);
  const counts = new Int32Array(space.scoreRange);
  let best = pool[0]!;
  let bestParts = -1;
  for (const g of pool) {
    partitionCounts(space, g, sample, counts);
    let parts = 0;
    for (const c of counts) if (c > 0) parts++;
    if (parts > bestParts) {
      best = g;
      bestParts = parts;
    }
  }
  return decode(space, best);
}

export interface Hint {
  code: Code | null;
  /** what to do with `code`: guess it, place it as a row (MM44), or call it (MM44) */
  kind: 'guess' | 'row' | 'call' | null;
  possible: number;
}

/**
 * The solver's suggestion for a seat, from what its own view tells (`family.bot.duty` and
 * `family.bot.board`): when it is its turn to guess, a strong code that can still be the
 * secret (`consistentGuess`; over deals: the bot's row, or the code to call), else null; and
 * how many codes (deals of the hidden parts) its own knowledge still allows — for a
 * codemaker, what the board still allows the codebreakers.
 */
export function hintFrom(duty: BotDuty | null, board: SeatBoard | null): Hint {
  if (duty?.kind === 'deals') {
    const view = duty.view as Mm44View;
    const possible = mm44DealsFromView(view).count;
    const action = mm44BotAction(view, duty.seat);
    if (!action || action.type === 'pass') return { code: null, kind: null, possible };
    return { code: action.code, kind: action.type, possible };
  }
  if (!board) return { code: null, kind: null, possible: 0 };
  const space = createSpace(board.rules);
  const possible = candidatesFor(space, board.rows).length;
  return board.toGuess
    ? { code: consistentGuess(space, board.rows), kind: 'guess', possible }
    : { code: null, kind: null, possible };
}
