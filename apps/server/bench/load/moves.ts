/**
 * How the generator plays any family: what a seat owes comes from the rules' `status.owes` (the
 * same for every family), and the family's own bot description turns a decision into its action.
 * Matches are played long: the secret holds colour 5 in its first hole and no guess or row ever
 * uses colour 5, so no code is ever broken, and nobody calls "Master Mind!" (the final calls pass).
 * A family needs no code here; `LONG_MATCHES` only picks options that make its matches longest.
 */
import { getFamily, getFamilyBot, type BotMove, type OwedMove, type Seat } from '@mm/rules';

/** A family as the generator plays it. */
export interface FamilyPlay {
  /** the room's options (the family's defaults fill the rest) */
  options: Record<string, unknown>;
  /** pegs of a code (the options' `pegs`, else the family's board) */
  pegs: number;
  /**
   * Actions in one match as the generator plays it, for a family whose matches are short enough to
   * end within a run: rooms then start that far apart in their matches (see `stagger`), or every
   * room would finish, and rematch, in the same second — which players never do.
   */
  matchActions?: number;
  /** the family's action for a decision */
  action(move: BotMove): unknown;
}

/** Options that make a family's matches as long as they go, where its defaults do not. */
const LONG_MATCHES: Record<string, { options: Record<string, unknown>; matchActions?: number }> = {
  duel: { options: { repeats: true, guesses: 15, rounds: 12 } },
  parker: { options: { repeats: true, games: 7 } },
  rotation: { options: { players: 3, repeats: true, guesses: 12 } },
  // Four players, a board each, the most rows: every row is answered by the three other boards and
  // reaches four seats. A game is 40 rows, then four passes in the final calls.
  mm44: { options: { seating: '4x1', rows: 10 }, matchActions: 44 },
  // Eight racers guessing at once, the most rows: 96 guesses a match.
  race: { options: { players: 8, repeats: true, guesses: 12 } },
};

/** The generator's plan for a family of the rules, or null when the rules have no such family (or no bot description). */
export function familyPlay(id: string): FamilyPlay | null {
  const family = getFamily(id);
  const bot = getFamilyBot(id);
  if (!family || !bot) return null;
  const long = LONG_MATCHES[id] ?? { options: {} };
  const parsed = family.optionsSchema.parse(long.options) as { pegs?: unknown };
  const pegs = typeof parsed.pegs === 'number' ? parsed.pegs : family.previewBoard.pegs;
  return { options: long.options, pegs, matchActions: long.matchActions, action: (move) => bot.action(move) };
}

/** A code no guess breaks: colour 5 first (guesses use 0–4), then distinct colours (legal without repeats). */
export const neverGuessed = (pegs: number): number[] => [5, 0, 1, 2, 3, 4, 6, 7].slice(0, pegs);

/** The n-th probe: holes of colours 0–4 that change with n (a guess may always repeat colours). */
export const probe = (pegs: number, n: number): number[] => Array.from({ length: pegs }, (_, i) => Math.floor(n / 5 ** i) % 5);

/**
 * The decision for a move of `kind`, the `n`-th of the run; null for a hand score, which the
 * generator does not play (no option it sets turns hand scoring on).
 */
export function decide(kind: OwedMove, pegs: number, n: number): BotMove | null {
  switch (kind) {
    case 'secret':
      return { kind: 'secret', code: neverGuessed(pegs) };
    case 'guess':
      return { kind: 'guess', code: probe(pegs, n) };
    case 'row':
      return { kind: 'row', code: probe(pegs, n) };
    case 'call':
      return { kind: 'pass' };
    case 'score':
      return null;
  }
}

/** What `seat` owes in a status, if anything. */
export const owedBy = (owes: readonly { seat: Seat; kind: OwedMove }[], seat: Seat): OwedMove | null =>
  owes.find((o) => o.seat === seat)?.kind ?? null;
