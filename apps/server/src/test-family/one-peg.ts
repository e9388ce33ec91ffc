import { z } from 'zod';
import {
  checkCode,
  codeGameAction,
  codeSchema,
  fail,
  ok,
  scoreGuess,
  seatSchema,
  shownCodeSchema,
  type Code,
  type CodeRules,
  type Family,
  type FamilyBot,
  type FamilyId,
  type MatchStatus,
  type Score,
  type Viewer,
  clockPerOwingSeat,
  outcomeOf,
} from '@mm/rules';

/**
 * "Guess my colour", a family that exists only to prove that a game plugs in through the
 * registries (docs/adding-a-family.md): seat 0 hides one peg, seat 1 guesses it, black or
 * nothing, within `guesses` tries. Everything it is lives in this file: rules, view schema,
 * and how a bot plays it. Nothing outside this folder names it.
 */

export const ONE_PEG: FamilyId = 'one-peg';

const optionsSchema = z
  .object({ colours: z.number().int().min(2).max(8).default(6), guesses: z.number().int().min(1).max(8).default(8) })
  .strict();
type Options = z.output<typeof optionsSchema>;

const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('setSecret'), code: codeSchema }).strict(),
  z.object({ type: z.literal('guess'), code: codeSchema }).strict(),
]);
type Action = z.output<typeof actionSchema>;

interface Row {
  guess: Code;
  score: Score;
}
interface State {
  options: Options;
  secret: Code | null;
  rows: Row[];
  finished: boolean;
}
interface View {
  family: FamilyId;
  viewer: Viewer;
  options: Options;
  secretSet: boolean;
  /** only for the codemaker, or once the match is over */
  secret: Code | null;
  rows: Row[];
  finished: boolean;
}

const viewSchema: z.ZodType<View> = z.strictObject({
  family: z.literal(ONE_PEG),
  viewer: seatSchema.nullable(),
  options: z.strictObject({ colours: z.number().int(), guesses: z.number().int() }),
  secretSet: z.boolean(),
  secret: shownCodeSchema.nullable(),
  rows: z.array(
    z.strictObject({ guess: shownCodeSchema, score: z.strictObject({ black: z.number().int(), white: z.number().int() }) }),
  ),
  finished: z.boolean(),
});

const rulesOf = (o: Options): CodeRules => ({ pegs: 1, colours: o.colours, repeats: true, blanks: false });
const broken = (s: State): boolean => s.rows.some((r) => r.score.black === 1);

function view(state: State, viewer: Viewer): View {
  const shown = state.finished || viewer === 0 ? state.secret : null;
  return {
    family: ONE_PEG,
    viewer,
    options: state.options,
    secretSet: state.secret !== null,
    secret: shown,
    rows: state.rows,
    finished: state.finished,
  };
}

export const onePeg: Family<Options, State, Action, View> = {
  id: ONE_PEG,
  name: { en: 'Guess my colour', fr: 'Devine ma couleur', de: 'Rate meine Farbe' },
  previewBoard: { pegs: 1, rows: 8, boards: 1 },
  presets: [],
  optionsSchema,
  actionSchema,
  viewSchema,
  dealt: false,
  seatCount: () => 2,
  setup: (options) => ({ options, secret: null, rows: [], finished: false }),
  apply(state, seat, action) {
    if (state.finished) return fail('MATCH_FINISHED', 'The match is over.');
    if (seat !== 0 && seat !== 1) return fail('NOT_A_PLAYER', `There is no seat ${seat}.`);
    const invalid = checkCode(action.code, rulesOf(state.options));
    if (invalid) return { ok: false, error: invalid };
    if (action.type === 'setSecret') {
      if (seat !== 0) return fail('NOT_YOUR_TURN', 'Only seat 0 hides the peg.');
      if (state.secret !== null) return fail('WRONG_PHASE', 'The peg is already hidden.');
      return ok({ ...state, secret: action.code });
    }
    if (seat !== 1) return fail('NOT_YOUR_TURN', 'Only seat 1 guesses.');
    if (state.secret === null) return fail('WRONG_PHASE', 'The peg is not hidden yet.');
    const rows = [...state.rows, { guess: action.code, score: scoreGuess(state.secret, action.code) }];
    const next = { ...state, rows };
    return ok({ ...next, finished: broken(next) || rows.length >= state.options.guesses });
  },
  view,
  review: (state) => view(state, 0),
  status(state): MatchStatus {
    if (state.finished) {
      const winner = broken(state) ? 1 : 0;
      return {
        finished: true,
        toAct: [],
        owes: [],
        may: [],
        scores: [winner === 0 ? 1 : 0, winner],
        winners: [winner],
        draw: false,
      };
    }
    const owes = state.secret === null ? { seat: 0, kind: 'secret' as const } : { seat: 1, kind: 'guess' as const };
    return { finished: false, toAct: [owes.seat], owes: [owes], may: [], scores: [0, 0], winners: [], draw: false };
  },
  timeoutFor: () => null,
  outcome: outcomeOf,
  // the latest row, if the guess came last (the hidden peg fills none)
  lastMove: (v, last) => (last?.seat === 1 && v.rows.length > 0 ? { row: v.rows.length } : null),
  turnClock: clockPerOwingSeat,
};

/** A bot hides a random peg, or guesses from the rows its own view shows. */
export const onePegBot: FamilyBot<View> = {
  duty(v, seat) {
    if (v.finished) return null;
    if (seat === 0) return v.secretSet ? null : { kind: 'secret', rules: rulesOf(v.options) };
    return v.secretSet ? { kind: 'guess', rules: rulesOf(v.options), rows: v.rows, round: 0 } : null;
  },
  board: (v, seat) =>
    seat === 1 ? { rules: rulesOf(v.options), rows: v.rows, toGuess: !v.finished && v.secretSet, round: 0 } : null,
  action: codeGameAction,
  actsOffTurn: false,
  warmUp: (v) => rulesOf(v.options),
};
