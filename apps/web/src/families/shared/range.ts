/** The integers from `from` to `to` (both included), `step` apart: the choices of an options `<select>`. */
export const range = (from: number, to: number, step = 1): number[] =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
