// Apart from pure.ts, which reads the views (types.ts), so that the options' schema (types.ts) can list them.

/** Players × boards each (docs/rules.md §4 seating): Game 1 is '4x1', Game 2 the other three. */
export const MM44_SEATINGS = ['4x1', '3x1', '2x1', '2x2'] as const;
export type Mm44Seating = (typeof MM44_SEATINGS)[number];
