import type { Code, CodeRules } from './code';
import type { Seat } from './family';
import type { Score } from './score';

/**
 * How well a bot plays a seat (a public room setting, like which seats are bots): `strong`
 * is the solver's best, `medium` and `easy` play like people of those levels. What each
 * means is the solver's (packages/solver/src/strength.ts); the rules only name them.
 */
export const BOT_STRENGTHS = ['easy', 'medium', 'strong'] as const;
export type BotStrength = (typeof BOT_STRENGTHS)[number];
export const DEFAULT_BOT_STRENGTH: BotStrength = 'strong';

/** A guess and the score it got, as a seat's view shows it. */
export interface ScoredRow {
  guess: Code;
  score: Score;
}

/**
 * What a seat's own view tells about the code it breaks (or watches being broken): the
 * rules of that code, the scored rows so far, whether the seat must guess now, and which
 * board of the match it is (the round or game number; 0 when a match has one board).
 */
export interface SeatBoard {
  rules: CodeRules;
  rows: ScoredRow[];
  toGuess: boolean;
  /** a bot keeps one way of playing over a board and draws a new one for the next (the solver's bot.ts) */
  round: number;
}

/**
 * What a seat must play now, described without naming its family, so that the solver can
 * decide it generically: set a secret, guess from scored rows, score a guess against the
 * secret it set, or — for a game dealt from hidden parts — reason over the possible deals
 * (the view is the solver's to read, as the dealt family's view type; `deals` is the only
 * family-specific situation, and core does not import a family to name it).
 */
export type BotDuty =
  | { kind: 'secret'; rules: CodeRules }
  | { kind: 'guess'; rules: CodeRules; rows: ScoredRow[]; round: number }
  | { kind: 'score'; guess: Code; secret: Code }
  | { kind: 'deals'; view: unknown; seat: Seat };

/** A decision, as the solver makes it; the family turns it into its own action. */
export type BotMove =
  | { kind: 'secret'; code: Code }
  | { kind: 'guess'; code: Code }
  | { kind: 'score'; score: Score }
  | { kind: 'row'; code: Code }
  | { kind: 'call'; code: Code }
  | { kind: 'pass' };

/**
 * How a family is played by a bot and hinted at. Every method reads one seat's own view
 * (`family.view(state, seat)`) and nothing else, so a bot knows exactly what a person in its
 * seat would know and a hint cannot leak a secret.
 */
export interface FamilyBot<View> {
  /** what `seat` must play now, or null when nothing (or the match is over) */
  duty(view: View, seat: Seat): BotDuty | null;
  /** the code this seat breaks or watches, for a hint's count of possible codes; null when none */
  board(view: View, seat: Seat): SeatBoard | null;
  /** the family's action for a decision */
  action(move: BotMove): unknown;
  /** true when a seat may act out of turn (calling "Master Mind!"), so a bot must be asked even when not in `toAct` */
  actsOffTurn: boolean;
  /** the code rules whose space is worth building before the first move, or null */
  warmUp(view: View): CodeRules | null;
}

/** Any family's bot, for code that handles them all (each reads its own view type, see AnyFamily). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFamilyBot = FamilyBot<any>;

/** The action of the families whose actions are named after the move (setSecret, guess, score). */
export function codeGameAction(move: BotMove): unknown {
  switch (move.kind) {
    case 'secret':
      return { type: 'setSecret', code: move.code };
    case 'guess':
      return { type: 'guess', code: move.code };
    case 'score':
      return { type: 'score', black: move.score.black, white: move.score.white };
    case 'row':
    case 'call':
      return { type: move.kind, code: move.code };
    case 'pass':
      return { type: 'pass' };
  }
}

/**
 * The bot of a family played with codes and key pegs (duel, rotation, Parker): a seat owes
 * its secret when `secretOwed` says so, else what `otherDuty` adds (a hand score), else a
 * guess when its board says it is its turn.
 */
export function codeGameBot<View extends { finished: boolean; options: CodeRulesInput }>(spec: {
  board(view: View, seat: Seat): SeatBoard | null;
  secretOwed(view: View, seat: Seat): boolean;
  otherDuty?(view: View, seat: Seat): BotDuty | null;
}): FamilyBot<View> {
  return {
    duty(view, seat) {
      if (view.finished) return null;
      if (spec.secretOwed(view, seat)) return { kind: 'secret', rules: codeRulesOf(view.options) };
      const other = spec.otherDuty?.(view, seat);
      if (other) return other;
      const b = spec.board(view, seat);
      return b?.toGuess ? { kind: 'guess', rules: b.rules, rows: b.rows, round: b.round } : null;
    },
    board: spec.board,
    action: codeGameAction,
    actsOffTurn: false,
    warmUp: (view) => codeRulesOf(view.options),
  };
}

type CodeRulesInput = { pegs: number; colours: number; repeats: boolean; blanks?: boolean };

/** The secret rules of a round (guesses range over every code: the solver knows that). */
export const codeRulesOf = (o: CodeRulesInput): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: o.blanks ?? false,
});
