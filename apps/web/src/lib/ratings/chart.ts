// The line of a rating over time, as an SVG path: pure, so it is tested without a browser. Points are
// spaced by match (one step per rated match, not by date): a burst of matches in an evening and a
// month without any read the same way, and the line never bunches up.

export interface ChartBox {
  width: number;
  height: number;
  /** room kept free on every side, so the line's stroke and end dot are not cut off */
  pad: number;
}

export interface RatingLine {
  /** the path's `d`; empty without any point */
  d: string;
  /** where each rating sits, in order */
  points: { x: number; y: number }[];
  /** the lowest and highest rating drawn: the bottom and top of the box */
  min: number;
  max: number;
}

const round = (n: number): number => Math.round(n * 10) / 10;

/**
 * `ratings`, oldest first, drawn left to right across the box, the highest at the top. A single
 * rating, or ratings all equal, sit on the box's middle line.
 */
export function ratingLine(ratings: readonly number[], box: ChartBox): RatingLine {
  if (ratings.length === 0) return { d: '', points: [], min: 0, max: 0 };
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  const inner = { width: box.width - 2 * box.pad, height: box.height - 2 * box.pad };
  const x = (i: number): number => box.pad + (ratings.length === 1 ? inner.width : (i / (ratings.length - 1)) * inner.width);
  const y = (r: number): number => (max === min ? box.height / 2 : box.pad + ((max - r) / (max - min)) * inner.height);
  const points = ratings.map((r, i) => ({ x: round(x(i)), y: round(y(r)) }));
  // One rating: a short level line ending at it, so there is a line to see.
  const start = ratings.length === 1 ? [{ x: box.pad, y: points[0]!.y }] : [];
  const d = [...start, ...points].map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  return { d, points, min, max };
}
