import type { SymbolId } from './palette';

/** SVG shapes (viewBox 0 0 100 100, centred on 50,50) for the peg symbols. */
export type Shape = { kind: 'polygon'; points: string } | { kind: 'path'; d: string } | { kind: 'circle'; r: number };

const round = (n: number): number => Math.round(n * 10) / 10;

function regular(n: number, r: number, rotation = -90, inner?: number): string {
  const pts: string[] = [];
  const steps = inner ? n * 2 : n;
  for (let i = 0; i < steps; i++) {
    const radius = inner && i % 2 === 1 ? inner : r;
    const a = ((rotation + (360 / steps) * i) * Math.PI) / 180;
    pts.push(`${round(50 + radius * Math.cos(a))},${round(50 + radius * Math.sin(a))}`);
  }
  return pts.join(' ');
}

const PLUS = '43,25 57,25 57,43 75,43 75,57 57,57 57,75 43,75 43,57 25,57 25,43 43,43';

export const SHAPES: Record<SymbolId, Shape> = {
  circle: { kind: 'circle', r: 17 },
  triangle: { kind: 'polygon', points: regular(3, 25, -90) },
  square: { kind: 'polygon', points: '33,33 67,33 67,67 33,67' },
  diamond: { kind: 'polygon', points: '50,25 75,50 50,75 25,50' },
  star: { kind: 'polygon', points: regular(5, 27, -90, 11) },
  cross: { kind: 'polygon', points: PLUS },
  pentagon: { kind: 'polygon', points: regular(5, 23, -90) },
  heart: { kind: 'path', d: 'M50 74 C 34 62 24 52 26 40 C 28 29 43 27 50 38 C 57 27 72 29 74 40 C 76 52 66 62 50 74 Z' },
  moon: { kind: 'path', d: 'M58 26 A25 25 0 1 0 58 74 A20 20 0 1 1 58 26 Z' },
  x: {
    kind: 'polygon',
    points: PLUS.split(' ')
      .map((p) => {
        // the plus turned by 45° around the centre
        const [x, y] = p.split(',').map(Number) as [number, number];
        const c = Math.SQRT1_2;
        return `${round(50 + (x - 50) * c - (y - 50) * c)},${round(50 + (x - 50) * c + (y - 50) * c)}`;
      })
      .join(' '),
  },
};
