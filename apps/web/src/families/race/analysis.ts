import type { RaceView } from '@mm/rules/families/race';
import { codeRowInput, codeRulesOf, type FamilyAnalysis } from '../../lib/replay/analysis';

/** One board per seat, all against the same code; the replay's views show every board in full. */
export const raceAnalysis: FamilyAnalysis = {
  tracks: (view) =>
    (view as RaceView).boards.map((b) => ({
      round: 0,
      track: b.seat,
      rows: b.shown === 'code' ? b.rows.map((row) => ({ seat: b.seat, code: row.guess, score: row.score })) : [],
    })),
  input: (track, i, view) => codeRowInput(codeRulesOf((view as RaceView).options), track, i),
  unit: 'codes',
  roundTitle: () => '',
  rowTitle: (r, nameOf, t) => t('analysis.rowOf', { n: r.n, name: nameOf(r.seat) }),
};
