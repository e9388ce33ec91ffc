import { describe, expect, it } from 'vitest';
import type { Code } from '@mm/rules';
import { mm44, mm44Code, mm44OptionsSchema, type Mm44State, type Mm44View } from '@mm/rules/families/mm44';
import { mm44Codes, mm44DealsFromView, mm44NextRow } from '@mm/solver';
import { finishedMatch } from '../../lib/replay/fixtures.test-support';
import { buildReplay } from '../../lib/replay/replay';
import { analysePlayedRow, playedRows } from '../../lib/replay/analysis';
import { mm44Analysis, mm44ExpectedCodes, mm44RowInput } from './analysis';

describe('Master Mind 44 rows', () => {
  it('counts the codes the placer could still hold possible, from its own part(s), and suggests a row', () => {
    const options = mm44OptionsSchema.parse({ seating: '2x1' });
    const state: Mm44State = mm44.setup(options, 'seed-44');
    const code = mm44Code(state.boards.map((b) => b.part));
    const probe: Code = [0, 1, 2, 3, 4];
    const empty: Code = [null, null, null, null, null];
    const log = [
      { seat: 0, action: { type: 'row', code: probe } },
      { seat: 1, action: { type: 'row', code: empty } },
      { seat: 0, action: { type: 'row', code: [5, 5, 5, 5, 5] } },
      { seat: 1, action: { type: 'call', code } },
    ];
    const detail = finishedMatch('mm44', { seating: '2x1' }, 'seed-44', log);
    const { steps } = buildReplay(detail);
    const rows = playedRows(steps, mm44Analysis);
    expect(rows.map((r) => [r.step, r.round, r.track, r.n, r.seat])).toEqual([
      [1, 0, 0, 1, 0],
      [2, 0, 1, 1, 1],
      [3, 0, 0, 2, 0],
    ]);
    expect(rows[0]!.input.kind).toBe('own');
    const input = mm44RowInput(0, 0, steps[1]!.view as Mm44View, steps[0]!.view as Mm44View);
    expect(input.own).toEqual([{ board: 0, part: state.boards[0]!.part }]);
    expect(input.earlier).toEqual([]);

    const first = analysePlayedRow(rows[0]!);
    // 2 boards, own part known: the other part is one of 4 positions × 6 colours
    expect(first).toMatchObject({ unit: 'codes', before: 24, consistent: null });
    // the same count the bots get from seat 0's own view after that row
    const applied = mm44.apply(state, 0, { type: 'row', code: probe });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(first.after).toBe(mm44Codes(mm44DealsFromView(mm44.view(applied.state, 0))).length);
    expect(first.suggestionExpected).toBeLessThanOrEqual(first.rowExpected);

    // an empty row tells nothing: every deal stays possible
    const blank = analysePlayedRow(rows[1]!);
    expect(blank.after).toBe(blank.before);
  });

  it('measures a row as the solver does (mm44NextRow’s expected codes)', () => {
    const state = mm44.setup(mm44OptionsSchema.parse({ seating: '4x1' }), 'seed-x');
    const deals = mm44DealsFromView(mm44.view(state, 2));
    const choice = mm44NextRow(deals, 2);
    expect(mm44ExpectedCodes(deals, 2, choice.row)).toBeCloseTo(choice.expectedCodes, 9);
    // an empty row splits nothing: every code stays
    const codes = mm44ExpectedCodes(deals, 2, [null, null, null, null, null]);
    expect(codes).toBeGreaterThan(choice.expectedCodes);
  });
});
