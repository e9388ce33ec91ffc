import type { DuelView } from '@mm/rules/families/duel';
import { codeRowInput, codeRulesOf, type FamilyAnalysis } from '../../lib/replay/analysis';

/** Each round's board; a hand-scored guess waiting for its score is not a row yet. */
export const duelAnalysis: FamilyAnalysis = {
  tracks: (view) =>
    (view as DuelView).rounds.map((r, i) => ({
      round: i,
      track: 0,
      rows: r.rows.flatMap((row) => (row.score ? [{ seat: r.codebreaker, code: row.guess, score: row.score }] : [])),
    })),
  input: (track, i, view) => codeRowInput(codeRulesOf((view as DuelView).options), track, i),
  unit: 'codes',
  roundTitle: (round, t) => t('replay.round', { n: round + 1 }),
  rowTitle: (r, nameOf, t) => t('analysis.rowOf', { n: r.n, name: nameOf(r.seat) }),
};
