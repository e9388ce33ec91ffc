import type { Code, CodeRules, Seat } from '@mm/rules';
import { analyseRow, createSpace, type Row } from '@mm/solver';
import type { ReplayStep } from './replay';
import type { Translate } from './share';

/**
 * Post-game analysis of a finished match (docs/architecture.md, "Bots"), computed in the
 * browser from the replay's folded steps: after every row, how many codes were still
 * possible for the player who placed it (Master Mind 44: codes the deals it holds possible make), before and after it, and what
 * the solver would have played instead. Pure: `playedRows` only reads the views (cheap);
 * `analysePlayedRow` runs the solver for one row (a few ms on the 4×6 space), so the page
 * can spread the work over ticks, one row at a time.
 */

/**
 * What a row is judged against: a code space and the rows before it (the families of secrets,
 * guesses and scores), or, for a family whose rows are something else (Master Mind 44's probes
 * of hidden parts), its own judgement of the row's code, from its folder's analysis piece.
 */
export type RowInput =
  { kind: 'code'; rules: CodeRules; history: Row[]; row: Row } | { kind: 'own'; judge: (code: Code) => RowVerdict };

/** One row of a finished match, in the order it was played. */
export interface PlayedRow {
  /** index of the replay step whose action completed the row (its score or answers known) */
  step: number;
  /** the round (duel, rotation), the game (Parker) or 0 (Master Mind 44) it belongs to, from 0 */
  round: number;
  /** which board of the round: 0 (duel, rotation), the guessing seat (Parker), the board (MM44) */
  track: number;
  /** its number on that board, from 1 */
  n: number;
  /** who placed it */
  seat: Seat;
  code: Code;
  input: RowInput;
}

export type AnalysisUnit = 'codes' | 'deals';

/** The verdict on one row. */
export interface RowVerdict {
  unit: AnalysisUnit;
  /** codes (deals) the placer could still hold possible before the row */
  before: number;
  /** … and after its score (answers) */
  after: number;
  /** whether the guess could have been the secret (null for MM44 rows, which are probes) */
  consistent: boolean | null;
  /** codes expected to remain after the row, before its score was known */
  rowExpected: number;
  /** the solver's move in the row's place, and what it was expected to leave */
  suggestion: Code;
  suggestionExpected: number;
}

/** One board of a view (a round's board, a Parker seat's guesses, an MM44 board) with its rows whose outcome is known. */
export interface Track {
  round: number;
  track: number;
  rows: { seat: Seat; code: Code; score?: Row['score'] }[];
}

/**
 * A family's part of the analysis (apps/web/src/families/<id>/analysis.ts, loaded with the
 * analysis through the client registry): where its rows are, what each is judged against,
 * and how the chart names them.
 */
export interface FamilyAnalysis {
  /** every board of a view with its rows whose outcome is known, in a fixed order */
  tracks(view: ReplayStep['view']): Track[];
  /** what row `i` of `track` (in `view`) is judged against; `before` is the view before it was placed */
  input(track: Track, i: number, view: ReplayStep['view'], before: ReplayStep['view']): RowInput;
  /** what the chart counts: codes, or (MM44) deals of the hidden parts */
  unit: AnalysisUnit;
  /** the chart's round heading ('' when a match has one round) */
  roundTitle(round: number, t: Translate): string;
  /** a row's name: "Row 3 · Ann" */
  rowTitle(row: PlayedRow, nameOf: (seat: Seat) => string, t: Translate): string;
}

/** A code row judged against the track's rows before it, for the families of secrets, guesses and scores. */
export function codeRowInput(rules: CodeRules, track: Track, i: number): RowInput {
  const r = track.rows[i]!;
  const history = track.rows.slice(0, i).map((p) => ({ guess: p.code, score: p.score! }));
  return { kind: 'code', rules, history, row: { guess: r.code, score: r.score! } };
}

/** The code rules of a code family's options (guesses range over every code: the solver knows that). */
export const codeRulesOf = (o: { pegs: number; colours: number; repeats: boolean; blanks?: boolean }): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: o.blanks ?? false,
});

/**
 * The rows of a replay in the order they were played, each with the step that completed
 * it and what the analysis needs. A row belongs to the step at which its board grew.
 */
export function playedRows(steps: readonly ReplayStep[], family: FamilyAnalysis): PlayedRow[] {
  const out: PlayedRow[] = [];
  const seen = new Map<string, number>();
  for (let k = 1; k < steps.length; k++) {
    const view = steps[k]!.view;
    for (const tr of family.tracks(view)) {
      const key = `${tr.round}/${tr.track}`;
      const had = seen.get(key) ?? 0;
      if (tr.rows.length <= had) continue;
      seen.set(key, tr.rows.length);
      for (let i = had; i < tr.rows.length; i++) {
        const r = tr.rows[i]!;
        const input = family.input(tr, i, view, steps[k - 1]!.view);
        out.push({ step: k, round: tr.round, track: tr.track, n: i + 1, seat: r.seat, code: r.code, input });
      }
    }
  }
  return out;
}

/**
 * The round to show at replay step `step`: the round of the latest row played by then
 * (a new round shows once it has a row), or the first round with rows before any.
 */
export function roundAt(rows: readonly PlayedRow[], step: number): number | null {
  let round: number | null = rows[0]?.round ?? null;
  for (const r of rows) {
    if (r.step > step) break;
    round = r.round;
  }
  return round;
}

/** Index (in `rows`) of the latest row played by step `step` within `round`, or null. */
export function rowAt(rows: readonly PlayedRow[], step: number, round: number | null): number | null {
  let at: number | null = null;
  rows.forEach((r, i) => {
    if (r.round === round && r.step <= step) at = i;
  });
  return at;
}

/** The chart's colour of each seat's bars (and of its letter beside a row's verdict). */
const SEAT_COLOURS = ['#2456c9', '#c2410c', '#15803d', '#7e22ce', '#be185d'];
export const seatColour = (seat: Seat): string => SEAT_COLOURS[seat % SEAT_COLOURS.length]!;

/**
 * The seat whose colour the legend's swatches take: the current row's, else (before the
 * round's first row) the round's first row's, so that the legend matches the bars shown.
 */
export function legendSeat(rows: readonly PlayedRow[], round: number | null, current: number | null): Seat {
  return (current === null ? rows.find((r) => r.round === round) : rows[current])?.seat ?? 0;
}

/** Runs the solver (or the family's own judgement) on one row. */
export function analysePlayedRow(row: PlayedRow): RowVerdict {
  const input = row.input;
  if (input.kind === 'code') {
    const a = analyseRow(createSpace(input.rules), input.history, input.row);
    return {
      unit: 'codes',
      before: a.before,
      after: a.after,
      consistent: a.consistent,
      rowExpected: a.rowExpectedRemaining,
      suggestion: a.suggestion,
      suggestionExpected: a.suggestionExpectedRemaining,
    };
  }
  return input.judge(row.code);
}

/** Whether two codes are the same. */
export const sameCode = (a: readonly (number | null)[], b: readonly (number | null)[]): boolean =>
  a.length === b.length && a.every((p, i) => p === b[i]);

export interface ChartBar {
  /** index in the rows list */
  index: number;
  x: number;
  width: number;
  /** top of the "before" bar and of the "after" bar (y grows downwards) */
  yBefore: number;
  yAfter: number;
}

export interface ChartLayout {
  bars: ChartBar[];
  /** horizontal grid lines at powers of ten */
  ticks: { value: number; y: number }[];
  /** the y of the baseline (0 possible codes) */
  base: number;
}

/**
 * A log-scale bar chart of "possible codes left" for some rows: for each row a pale bar
 * (possible before) behind a solid one (after). 1 code gets a visible bar, 0 none.
 */
export function chartLayout(
  points: readonly { index: number; before: number; after: number }[],
  box: { width: number; height: number; left: number; top: number; bottom: number },
): ChartLayout {
  const max = Math.max(1, ...points.map((p) => Math.max(p.before, p.after)));
  const decades = Math.max(1, Math.ceil(Math.log10(max)));
  const base = box.height - box.bottom;
  const span = base - box.top;
  const level = (v: number): number => (v <= 0 ? 0 : (Math.log10(v) + 1) / (decades + 1));
  const y = (v: number): number => base - level(v) * span;
  const n = Math.max(points.length, 6);
  const slot = (box.width - box.left) / n;
  const width = Math.max(4, Math.min(28, slot * 0.7));
  const bars = points.map((p, i) => ({
    index: p.index,
    x: box.left + i * slot + (slot - width) / 2,
    width,
    yBefore: y(p.before),
    yAfter: y(p.after),
  }));
  const ticks = Array.from({ length: decades + 1 }, (_, d) => ({ value: 10 ** d, y: y(10 ** d) }));
  return { bars, ticks, base };
}
