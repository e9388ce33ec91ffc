/**
 * The ten peg colours. Each has a fill, an ink for its symbol (contrast ≥ 4.5:1 against
 * the fill) and a symbol, so that no colour has to be told apart by hue alone.
 * Colour `i` of the rules (0 … colours-1) is PALETTE[i].
 */
export type SymbolId = 'circle' | 'triangle' | 'square' | 'diamond' | 'star' | 'cross' | 'pentagon' | 'heart' | 'moon' | 'x';

export interface PegColour {
  /** i18n key suffix: colour.<id> */
  id: 'red' | 'blue' | 'green' | 'yellow' | 'orange' | 'purple' | 'pink' | 'cyan' | 'brown' | 'white';
  fill: string;
  ink: string;
  symbol: SymbolId;
  /** a text fallback for the symbol (screen readers get the colour name) */
  glyph: string;
}

export const PALETTE: readonly PegColour[] = [
  { id: 'red', fill: '#d7263d', ink: '#ffffff', symbol: 'circle', glyph: '●' },
  { id: 'blue', fill: '#1f5fbf', ink: '#ffffff', symbol: 'triangle', glyph: '▲' },
  { id: 'green', fill: '#23894a', ink: '#ffffff', symbol: 'square', glyph: '■' },
  { id: 'yellow', fill: '#f7d038', ink: '#1b1b1b', symbol: 'diamond', glyph: '◆' },
  { id: 'orange', fill: '#f08a24', ink: '#1b1b1b', symbol: 'star', glyph: '★' },
  { id: 'purple', fill: '#7a3fa8', ink: '#ffffff', symbol: 'cross', glyph: '✚' },
  { id: 'pink', fill: '#f37fb7', ink: '#1b1b1b', symbol: 'pentagon', glyph: '⬟' },
  { id: 'cyan', fill: '#3cc6d8', ink: '#1b1b1b', symbol: 'heart', glyph: '♥' },
  { id: 'brown', fill: '#7d4a22', ink: '#ffffff', symbol: 'moon', glyph: '☾' },
  { id: 'white', fill: '#f4f4f1', ink: '#1b1b1b', symbol: 'x', glyph: '✖' },
];

export function pegColour(peg: number): PegColour | undefined {
  return PALETTE[peg];
}
