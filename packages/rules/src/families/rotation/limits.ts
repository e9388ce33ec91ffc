// Apart from pure.ts, which reads the views (types.ts), so that the options' schema (types.ts) can use it.

/** The longest round the codemaker table of docs/rules.md §2 knows: it has rows 1 to 12 and nothing beyond. */
export const ROTATION_MAX_GUESSES = 12;

/** How many people sit at a rotation table; the codemaker table of docs/rules.md §2 has one line for each. */
export type RotationPlayers = 3 | 4 | 5;
