import type { Lang } from '../../core/family';
import type { Seat } from '../../core/family';

/**
 * Master Mind 44's constants and the readings of its options that build no schema: what
 * `@mm/rules/pure` offers a client that paints a room without zod. The engine (mm44.ts) and
 * the schemas (types.ts) build on these.
 */

/** docs/rules.md §4: 5 holes, 6 colours, 4 colour counters of each colour; none of it is an option. */
export const MM44_HOLES = 5;
export const MM44_COLOURS = 6;
export const MM44_COUNTERS_PER_COLOUR = 4;

/** Players × boards each (docs/rules.md §4 seating): Game 1 is '4x1', Game 2 the other three. */
export const MM44_SEATINGS = ['4x1', '3x1', '2x1', '2x2'] as const;
export type Mm44Seating = (typeof MM44_SEATINGS)[number];

/**
 * Who holds each board, by board index. With two boards each, boards alternate round the
 * table (seat 0 holds boards 0 and 2, seat 1 boards 1 and 3), so turns alternate between players.
 */
export function mm44Boards(seating: Mm44Seating): Seat[] {
  switch (seating) {
    case '4x1':
      return [0, 1, 2, 3];
    case '3x1':
      return [0, 1, 2];
    case '2x1':
      return [0, 1];
    case '2x2':
      return [0, 1, 0, 1];
  }
}

export const mm44SeatCount = (seating: Mm44Seating): number => new Set(mm44Boards(seating)).size;

/** The family's name in every language: its family object, the server's pages and pushes, and the web app read this one. */
export const mm44Name: Readonly<Record<Lang, string>> = { en: 'Master Mind 44', fr: 'Master Mind 44', de: 'Master Mind 44' };
