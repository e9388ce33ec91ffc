import { describe, expect, it } from 'vitest';
import { countConsistent, createSpace } from '@mm/solver';
import { duelLog, finishedMatch } from './fixtures.test-support';
import { buildReplay, type ReplayStep } from './replay';
import { duelAnalysis } from '../../families/duel/analysis';
import { mm44Analysis } from '../../families/mm44/analysis';
import { parkerAnalysis } from '../../families/parker/analysis';
import { rotationAnalysis } from '../../families/rotation/analysis';
import {
  analysePlayedRow,
  chartLayout,
  legendSeat,
  playedRows,
  roundAt,
  rowAt,
  sameCode,
  seatColour,
  type FamilyAnalysis,
  type PlayedRow,
} from './analysis';

// Each family's own part of the analysis, as the client registry loads it.
const ANALYSES: Record<string, FamilyAnalysis> = {
  duel: duelAnalysis,
  rotation: rotationAnalysis,
  parker: parkerAnalysis,
  mm44: mm44Analysis,
};
const rowsOf = (steps: readonly ReplayStep[]): PlayedRow[] => playedRows(steps, ANALYSES[steps[0]!.view.family]!);

const DUEL = { pegs: 4, colours: 6, repeats: false, blanks: false };

describe('playedRows', () => {
  it('lists a duel’s rows in play order, each with the step that made it and the rows before it', () => {
    const { steps } = buildReplay(finishedMatch('duel', {}, 'seed', duelLog()));
    const rows = rowsOf(steps);
    expect(rows.map((r) => [r.step, r.round, r.track, r.n, r.seat])).toEqual([
      [2, 0, 0, 1, 1],
      [3, 0, 0, 2, 1],
      [5, 1, 0, 1, 0],
      [6, 1, 0, 2, 0],
    ]);
    expect(rows[1]!.input).toEqual({
      kind: 'code',
      rules: DUEL,
      history: [{ guess: [3, 2, 1, 0], score: { black: 0, white: 4 } }],
      row: { guess: [0, 1, 2, 3], score: { black: 4, white: 0 } },
    });
  });

  it('knows the round to show at each step: a new round once it has a row', () => {
    const rows = rowsOf(buildReplay(finishedMatch('duel', {}, 'seed', duelLog())).steps);
    expect([0, 1, 2, 3, 4, 5, 6].map((s) => roundAt(rows, s))).toEqual([0, 0, 0, 0, 0, 1, 1]);
    expect([0, 1, 2, 3, 4].map((s) => rowAt(rows, s, 0))).toEqual([null, null, 0, 1, 1]);
    expect(rowAt(rows, 6, 1)).toBe(3);
    expect(roundAt([], 3)).toBeNull();
  });

  it('counts a hand-scored guess as a row only once it is scored', () => {
    const log = [
      { seat: 0, action: { type: 'setSecret', code: [0, 1, 2, 3] } },
      { seat: 1, action: { type: 'guess', code: [0, 1, 4, 5] } },
      { seat: 0, action: { type: 'score', black: 2, white: 0 } },
      { seat: 1, action: { type: 'guess', code: [0, 1, 2, 3] } },
      { seat: 0, action: { type: 'score', black: 4, white: 0 } },
      { seat: 1, action: { type: 'setSecret', code: [5, 4, 3, 2] } },
      { seat: 0, action: { type: 'guess', code: [5, 4, 3, 2] } },
      { seat: 1, action: { type: 'score', black: 4, white: 0 } },
    ];
    const rows = rowsOf(buildReplay(finishedMatch('duel', { handScoring: true }, 'seed', log)).steps);
    expect(rows.map((r) => [r.step, r.round, r.n])).toEqual([
      [3, 0, 1],
      [5, 0, 2],
      [8, 1, 1],
    ]);
  });

  it('gives Parker one board per guessing seat, interleaved as played', () => {
    const log = [
      { seat: 1, action: { type: 'setSecret', code: [3, 4, 5] } },
      { seat: 0, action: { type: 'setSecret', code: [0, 1, 2] } },
      { seat: 0, action: { type: 'guess', code: [0, 0, 0] } },
      { seat: 1, action: { type: 'guess', code: [0, 1, 3] } },
      { seat: 0, action: { type: 'guess', code: [3, 4, 5] } },
      { seat: 1, action: { type: 'guess', code: [0, 1, 1] } },
    ];
    const rows = rowsOf(buildReplay(finishedMatch('parker', {}, 'seed', log)).steps);
    expect(rows.map((r) => [r.step, r.round, r.track, r.n, r.seat])).toEqual([
      [3, 0, 0, 1, 0],
      [4, 0, 1, 1, 1],
      [5, 0, 0, 2, 0],
      [6, 0, 1, 2, 1],
    ]);
    const last = rows[3]!.input;
    expect(last.kind === 'code' && last.history).toEqual([{ guess: [0, 1, 3], score: { black: 2, white: 0 } }]);
    expect(analysePlayedRow(rows[0]!).before).toBe(216); // 3 holes × 6 colours with repeats
  });
});

describe('analysePlayedRow (code families)', () => {
  const rows = rowsOf(buildReplay(finishedMatch('duel', {}, 'seed', duelLog())).steps);

  it('counts the secrets possible before and after a row, as the solver does', () => {
    const first = analysePlayedRow(rows[0]!);
    const space = createSpace(DUEL);
    expect(first.unit).toBe('codes');
    expect(first.before).toBe(360); // 6·5·4·3: no repeats in the secret
    // 0 black 4 white against 3,2,1,0: the 9 derangements of those four colours
    expect(first.after).toBe(9);
    expect(first.after).toBe(countConsistent(space, [{ guess: [3, 2, 1, 0], score: { black: 0, white: 4 } }]));
    expect(first.consistent).toBe(true);
    expect(first.suggestionExpected).toBeLessThanOrEqual(first.rowExpected);
    expect(first.suggestion).toHaveLength(4);
  });

  it('judges the breaking row: one code before it, one after', () => {
    const breaking = analysePlayedRow(rows[1]!);
    expect(breaking).toMatchObject({ before: 9, after: 1, consistent: true });
    // Ann's [0,0,0,0] could not be the secret (no repeats): not consistent, and it leaves many codes
    const probe = analysePlayedRow(rows[2]!);
    expect(probe).toMatchObject({ before: 360, consistent: false });
    expect(probe.after).toBeGreaterThan(100);
    expect(probe.suggestionExpected).toBeLessThan(probe.rowExpected);
  });
});

describe('chartLayout', () => {
  const box = { width: 300, height: 120, left: 30, top: 10, bottom: 20 };

  it('draws a log scale: 1 code still shows, 0 sits on the baseline, bars left to right', () => {
    const { bars, ticks, base } = chartLayout(
      [
        { index: 0, before: 1296, after: 256 },
        { index: 1, before: 256, after: 1 },
        { index: 2, before: 1, after: 0 },
      ],
      box,
    );
    expect(base).toBe(100);
    expect(ticks.map((t) => t.value)).toEqual([1, 10, 100, 1000, 10000]);
    expect(bars.map((b) => b.index)).toEqual([0, 1, 2]);
    expect(bars[0]!.x).toBeLessThan(bars[1]!.x);
    expect(bars[0]!.yBefore).toBeLessThan(bars[0]!.yAfter);
    expect(bars[1]!.yAfter).toBeLessThan(base);
    expect(bars[2]!.yAfter).toBe(base);
    for (const b of bars) expect(b.x + b.width).toBeLessThanOrEqual(box.width);
  });

  it('copes with no rows and tiny counts', () => {
    expect(chartLayout([], box).bars).toEqual([]);
    expect(chartLayout([{ index: 0, before: 1, after: 1 }], box).ticks.map((t) => t.value)).toEqual([1, 10]);
  });

  it('compares codes', () => {
    expect(sameCode([0, null, 2], [0, null, 2])).toBe(true);
    expect(sameCode([0, 1], [0, 2])).toBe(false);
  });
});

describe('legendSeat', () => {
  it('gives the legend the colour of the bars shown: the round’s first row’s seat before any row, then the current row’s', () => {
    // a duel: seat B breaks in round 1, seat A in round 2
    const { steps } = buildReplay(finishedMatch('duel', {}, 'seed', duelLog()));
    const rows = rowsOf(steps);
    expect(legendSeat(rows, roundAt(rows, 0), rowAt(rows, 0, roundAt(rows, 0)))).toBe(1);
    expect(legendSeat(rows, roundAt(rows, 3), rowAt(rows, 3, roundAt(rows, 3)))).toBe(1);
    expect(legendSeat(rows, roundAt(rows, 6), rowAt(rows, 6, roundAt(rows, 6)))).toBe(0);
    expect(legendSeat([], null, null)).toBe(0);
    expect(seatColour(1)).not.toBe(seatColour(0));
  });
});
