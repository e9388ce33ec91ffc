/** A code as a compact attribute value for tests and debugging: "0,3,_,5" (`_` = blank). */
export const codeAttr = (code: readonly (number | null | undefined)[]): string =>
  code.map((p) => (p === null ? '_' : p === undefined ? '' : String(p))).join(',');

/** Seat letters: A, B, C … */
export const seatLetter = (seat: number): string => String.fromCharCode(65 + seat);
