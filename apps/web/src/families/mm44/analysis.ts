import type { Mm44View } from '@mm/rules';
import type { FamilyAnalysis } from '../../lib/replay/analysis';

/**
 * Every board is a track of one round; a row is judged over the deals its placer could still
 * hold possible: its own parts, every row and wrong call before it (all public but the parts).
 */
export const mm44Analysis: FamilyAnalysis = {
  tracks: (view) =>
    (view as Mm44View).boards.map((b) => ({
      round: 0,
      track: b.board,
      rows: b.rows.map((row) => ({ seat: b.holder, code: row.code, answers: row.answers })),
    })),
  input(track, i, _view, before) {
    const v = before as Mm44View;
    const holder = v.boards[track.track]?.holder;
    return {
      kind: 'deals',
      boards: v.boards.length,
      own: v.boards.flatMap((b) => (b.holder === holder && b.part ? [{ board: b.board, part: b.part }] : [])),
      earlier: v.boards.flatMap((b) => b.rows.map((r) => ({ code: r.code, answers: r.answers }))),
      wrongCalls: v.calls.filter((c) => !c.correct).map((c) => c.code),
      board: track.track,
      answers: track.rows[i]!.answers!,
    };
  },
  unit: 'deals',
  roundTitle: () => '',
  rowTitle: (r, nameOf, t) => t('mm44.analysis.rowOfBoard', { board: r.track + 1, n: r.n, name: nameOf(r.seat) }),
};
