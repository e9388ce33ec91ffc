import type { RotationView } from '@mm/rules/families/rotation';
import { codeRowInput, codeRulesOf, type FamilyAnalysis } from '../../lib/replay/analysis';

/** Each round's one shared board: every codebreaker's rows count. */
export const rotationAnalysis: FamilyAnalysis = {
  tracks: (view) =>
    (view as RotationView).rounds.map((r, i) => ({
      round: i,
      track: 0,
      rows: r.rows.map((row) => ({ seat: row.seat, code: row.guess, score: row.score })),
    })),
  input: (track, i, view) => codeRowInput(codeRulesOf({ ...(view as RotationView).options, blanks: false }), track, i),
  unit: 'codes',
  roundTitle: (round, t) => t('replay.round', { n: round + 1 }),
  rowTitle: (r, nameOf, t) => t('analysis.rowOf', { n: r.n, name: nameOf(r.seat) }),
};
