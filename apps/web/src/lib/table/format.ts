/** A code as a compact attribute value for tests and debugging: "0,3,_,5" (`_` = blank). */
export const codeAttr = (code: readonly (number | null | undefined)[]): string =>
  code.map((p) => (p === null ? '_' : p === undefined ? '' : String(p))).join(',');

/** Seat letters: A, B, C … (the protocol's, the server names bots and default seats by them). */
export { seatLetter } from '@mm/protocol/pure';
