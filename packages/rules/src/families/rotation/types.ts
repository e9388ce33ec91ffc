import { z } from 'zod';
import { guessActionSchema, setSecretActionSchema, timeoutActionSchema } from '../../core/actions';
import type { Code } from '../../core/code';
import { codeOptionFields, enoughColours, ENOUGH_COLOURS_ISSUE } from '../../core/options';
import type { Seat, Viewer } from '../../core/family';
import type { Score } from '../../core/score';
import { ROTATION_MAX_GUESSES } from './limits';

export type { RotationPlayers } from './limits';

/**
 * docs/rules.md §2 options; every field defaulted, ranges enforced. Blanks are not offered.
 * `guesses` goes from 8 to 12, not 15 as in the duel: the codemaker table stops at row 12
 * (a smaller limit cuts it), and any made-up figure for rows 13–15 would either exceed the
 * failure figure (so breaking late would pay the codemaker more than failing) or be invented.
 */
export const rotationOptionsSchema = z
  .object({
    players: z.literal([3, 4, 5]).default(3),
    // repeats: the expert rule, the secret may repeat colours
    ...codeOptionFields({ maxPegs: 6, defaultPegs: 4, defaultRepeats: false }),
    /** rows on the shared board per round */
    guesses: z.number().int().min(8).max(ROTATION_MAX_GUESSES).default(12),
  })
  .strict()
  .refine(enoughColours, ENOUGH_COLOURS_ISSUE);
export type RotationOptions = z.output<typeof rotationOptionsSchema>;
export type RotationOptionsInput = z.input<typeof rotationOptionsSchema>;

export const rotationActionSchema = z.discriminatedUnion('type', [
  /** the round's codemaker sets the secret */
  setSecretActionSchema,
  /** the codebreaker whose turn it is places the next row on the shared board */
  guessActionSchema,
  /** server only (docs/rules.md §5, "Turn timer"): see `rotation.timeoutFor` */
  timeoutActionSchema,
]);
export type RotationAction = z.output<typeof rotationActionSchema>;

export interface RotationRow {
  /** the codebreaker who placed this row */
  seat: Seat;
  guess: Code;
  score: Score;
  /** what the row earned its codebreaker, at once (docs/rules.md §2 play 3) */
  points: number;
}

/** A row of the shared board lost to the turn timer: `seat` should have placed board row `row` (1-based). */
export interface RotationMissed {
  seat: Seat;
  row: number;
}

export interface RotationRound {
  /** 1-based; round r is made by seat r − 1 */
  number: number;
  codemaker: Seat;
  secret: Code | null;
  /** the shared board, in the order the rows were placed */
  rows: RotationRow[];
  /** rows of the shared board lost to the turn timer, in order: used up, with no guess and no points */
  missed: RotationMissed[];
  /** null while the round is being played */
  outcome: null | 'broken' | 'failed';
  /** the codemaker's points, known only once the round has ended */
  codemakerPoints: number | null;
  /** what each seat gained in this round so far: guess points at once, the codemaker's at the end */
  gained: number[];
}

export interface RotationState {
  options: RotationOptions;
  /** the rounds played so far and the one being played, in order */
  rounds: RotationRound[];
  /** running totals per seat: always the sum of every round's `gained` */
  scores: number[];
  finished: boolean;
}

export interface RotationRoundView {
  number: number;
  codemaker: Seat;
  /** who places the next row (null before the secret is set and after the round) */
  guesser: Seat | null;
  secretSet: boolean;
  /** the secret, only for the codemaker or after the round ended */
  secret: Code | null;
  rows: RotationRow[];
  /** rows lost to the turn timer */
  missed: RotationMissed[];
  outcome: null | 'broken' | 'failed';
  codemakerPoints: number | null;
  gained: number[];
}

export interface RotationView {
  family: 'rotation';
  viewer: Viewer;
  options: RotationOptions;
  rounds: RotationRoundView[];
  scores: number[];
  finished: boolean;
}
