/** One bar of a results chart: how many attempts ended in `label` (1–10 rows, or X for lost). */
export interface ChartBar {
  label: string;
  value: number;
  /** the bar's length, as a share of the longest (0–1); a zero bar keeps a sliver so its count shows */
  share: number;
  /** the player's own result: drawn in the accent colour */
  marked: boolean;
}

/**
 * The bars of a daily results chart: one per number of rows used, then one for the lost attempts
 * (`X`). `values[i]` counts the attempts won in i+1 rows; `lost` those that ran out; `mine` is the
 * index of the player's own bar (the lost bar is `values.length`), or null.
 */
export function resultBars(values: readonly number[], lost: number, mine: number | null): ChartBar[] {
  const all = [...values, lost];
  const max = Math.max(1, ...all);
  return all.map((value, i) => ({
    label: i < values.length ? String(i + 1) : 'X',
    value,
    share: value / max,
    marked: i === mine,
  }));
}

/** The index of an attempt's bar: its rows used when won, the lost bar otherwise. */
export const barOf = (status: 'won' | 'lost', guesses: number, rows: number): number => (status === 'won' ? guesses - 1 : rows);
