import type { ParkerView } from '@mm/rules/families/parker';
import { codeRowInput, codeRulesOf, type FamilyAnalysis } from '../../lib/replay/analysis';

/** Each game gives two boards: each seat's guesses at the other's code. */
export const parkerAnalysis: FamilyAnalysis = {
  tracks: (view) =>
    (view as ParkerView).games.flatMap((g, i) =>
      ([0, 1] as const).map((s) => ({
        round: i,
        track: s,
        rows: g.guesses[s].map((turn) => ({ seat: s, code: turn.guess, score: turn.score })),
      })),
    ),
  input: (track, i, view) => codeRowInput(codeRulesOf({ ...(view as ParkerView).options, blanks: false }), track, i),
  unit: 'codes',
  roundTitle: (round, t) => t('parker.replay.game', { n: round + 1 }),
  rowTitle: (r, nameOf, t) => t('analysis.rowOf', { n: r.n, name: nameOf(r.seat) }),
};
