// What a bot plays and what a hint suggests, per family. Everything here reads one seat's own
// view (`family.view(state, seat)`) and nothing else: a bot knows exactly what a person in its
// seat would know, so it cannot cheat even by accident, and a hint cannot leak a secret.
import {
  createRng,
  DEFAULT_BOT_STRENGTH,
  randomCode,
  scoreGuess,
  type Code,
  type BotStrength,
  type CodeRules,
  type DuelView,
  type Mm44View,
  type ParkerView,
  type Rng,
  type RotationView,
  type Seat,
} from '@mm/rules';
import {
  candidatesFor,
  createSpace,
  decode,
  encode,
  guessAt,
  mm44BotAction,
  mm44BotActionAt,
  mm44DealsFromView,
  nextGuess,
  partitionCounts,
  type Row,
  type Space,
} from '@mm/solver';

/** Views of the four families, as `family.view` returns them. */
type AnyView = DuelView | RotationView | ParkerView | Mm44View;

/** The secret rules of a round (guesses range over every code: the solver knows that). */
const rulesOf = (o: { pegs: number; colours: number; repeats: boolean; blanks?: boolean }): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: o.blanks ?? false,
});

/** `bestStrategyFor(rules)` is `nextGuess`'s default: the optimal plan or exact search on small spaces, sampled entropy beyond. */
const solve = (rules: CodeRules, rows: readonly Row[]): Code => nextGuess(createSpace(rules), rows);

/** Builds (and caches, in the solver) the code space of a view's rules, so the first move is not the slow one. */
export function warmUp(view: unknown): void {
  const v = view as AnyView;
  if (v.family !== 'mm44') createSpace(rulesOf(v.options));
}

/** The rows a codebreaker seat works from, and whether it is that seat's turn to guess now. */
interface Breaking {
  rules: CodeRules;
  rows: Row[];
  toGuess: boolean;
}

function breaking(view: DuelView | RotationView | ParkerView, seat: Seat): Breaking | null {
  const rules = rulesOf(view.options);
  switch (view.family) {
    case 'duel': {
      const round = view.rounds.at(-1);
      if (!round) return null;
      // A hand-scored row waiting for its score tells nothing yet.
      const rows = round.rows.flatMap((r) => (r.score ? [{ guess: r.guess, score: r.score }] : []));
      const toGuess =
        !view.finished && round.codebreaker === seat && round.secretSet && round.outcome === null && !round.awaitingScore;
      return { rules, rows, toGuess };
    }
    case 'rotation': {
      const round = view.rounds.at(-1);
      if (!round) return null;
      // The whole shared board: every codebreaker's rows count.
      const rows = round.rows.map((r) => ({ guess: r.guess, score: r.score }));
      return { rules, rows, toGuess: !view.finished && round.guesser === seat };
    }
    case 'parker': {
      const game = view.games.at(-1);
      if (!game || (seat !== 0 && seat !== 1)) return null;
      // Its own guesses at the opponent's code (the opponent's rows are about its own code).
      const rows = game.guesses[seat].map((r) => ({ guess: r.guess, score: r.score }));
      return { rules, rows, toGuess: !view.finished && game.toGuess === seat };
    }
  }
}

/**
 * The action a bot in `seat` plays now, from that seat's own view, at `strength`, or null
 * when it has nothing to do. `rng` draws a codemaker's secret and a weaker bot's choices
 * (the server seeds it at random); a strong bot's moves depend on the position only.
 */
export function botAction(view: unknown, seat: Seat, rng: () => Rng, strength: BotStrength = DEFAULT_BOT_STRENGTH): unknown {
  const v = view as AnyView;
  if (v.finished) return null;
  const secret = (): unknown => ({ type: 'setSecret', code: randomCode(rng(), rulesOf(v.options as CodeRules)) });
  switch (v.family) {
    case 'mm44':
      return mm44BotActionAt(v, seat, strength, rng());
    case 'duel': {
      const round = v.rounds.at(-1);
      if (!round) return null;
      if (round.codemaker === seat) {
        if (!round.secretSet) return secret();
        const last = round.rows.at(-1);
        // Hand scoring (RULES §1.4): a bot codemaker enters the true score, from the secret its own view shows it.
        if (round.awaitingScore && last && round.secret) {
          const { black, white } = scoreGuess(round.secret, last.guess);
          return { type: 'score', black, white };
        }
        return null;
      }
      break;
    }
    case 'rotation': {
      const round = v.rounds.at(-1);
      if (round && round.codemaker === seat && !round.secretSet) return secret();
      break;
    }
    case 'parker': {
      const game = v.games.at(-1);
      if (game && (seat === 0 || seat === 1) && !game.secretSet[seat]) return secret();
      break;
    }
  }
  const b = breaking(v, seat);
  return b?.toGuess ? { type: 'guess', code: strength === 'strong' ? solve(b.rules, b.rows) : guessAt(createSpace(b.rules), b.rows, strength, rng()) } : null;
}

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
 * The solver's suggestion for `seat` from its own view: when it is its turn to guess, a
 * strong code that can still be the secret (`consistentGuess`; MM44: the bot's row, or the
 * code to call), else null; and how many codes (MM44: deals of the hidden parts) its own
 * knowledge still allows — for a codemaker, what the board still allows the codebreakers.
 */
export function hintFor(view: unknown, seat: Seat): Hint {
  const v = view as AnyView;
  if (v.family === 'mm44') {
    const possible = mm44DealsFromView(v).count;
    const action = mm44BotAction(v, seat);
    if (!action || action.type === 'pass') return { code: null, kind: null, possible };
    return { code: action.code, kind: action.type, possible };
  }
  const b = breaking(v, seat);
  if (!b) return { code: null, kind: null, possible: 0 };
  const space = createSpace(b.rules);
  const possible = candidatesFor(space, b.rows).length;
  return b.toGuess ? { code: consistentGuess(space, b.rows), kind: 'guess', possible } : { code: null, kind: null, possible };
}
