import { z } from 'zod';
import { guessActionSchema, setSecretActionSchema, timeoutActionSchema } from '../../core/actions';
import type { Code } from '../../core/code';
import { codeOptionFields, enoughColours, ENOUGH_COLOURS_ISSUE } from '../../core/options';
import type { Seat, Viewer } from '../../core/family';
import type { Score } from '../../core/score';

/** docs/rules.md §1 options; every field defaulted, ranges enforced. */
export const duelOptionsSchema = z
  .object({
    ...codeOptionFields({ maxPegs: 6, defaultPegs: 4, defaultRepeats: false }),
    blanks: z.boolean().default(false),
    guesses: z.number().int().min(8).max(15).default(12),
    rounds: z
      .number()
      .int()
      .min(2)
      .max(12)
      .refine((n) => n % 2 === 0, { message: 'rounds must be even: each player makes the code equally often' })
      .default(2),
    /** "rounds": rounds won (FR/DE); "points": codemaker points (GB) */
    scoring: z.enum(['rounds', 'points']).default('rounds'),
    /** GB "indication errors": the codemaker enters each score by hand (§1.4) */
    handScoring: z.boolean().default(false),
  })
  .strict()
  .refine(enoughColours, ENOUGH_COLOURS_ISSUE);
export type DuelOptions = z.output<typeof duelOptionsSchema>;
export type DuelOptionsInput = z.input<typeof duelOptionsSchema>;

export const duelActionSchema = z.discriminatedUnion('type', [
  setSecretActionSchema,
  guessActionSchema,
  /** hand scoring only: the codemaker's black/white for the pending guess */
  z.object({ type: z.literal('score'), black: z.number().int().min(0).max(8), white: z.number().int().min(0).max(8) }).strict(),
  /** server only (docs/rules.md §5, "Turn timer"): see `duel.timeoutFor` */
  timeoutActionSchema,
]);
export type DuelAction = z.output<typeof duelActionSchema>;

export interface DuelRow {
  guess: Code;
  /** the score shown: computed by the server, or entered by hand (null while the codemaker has not scored) */
  score: Score | null;
  /** the true score; differs from `score` only when a hand-entered score was wrong */
  trueScore: Score;
}

export interface DuelRound {
  /** 1-based round number; a replayed round (§1.4) keeps the number of the round it replays */
  number: number;
  codemaker: Seat;
  codebreaker: Seat;
  secret: Code | null;
  rows: DuelRow[];
  /** board rows (1-based) the codebreaker lost to the turn timer: used up, with no guess on them */
  missed: number[];
  /** null while the round is being played */
  outcome: null | 'broken' | 'failed';
  /** a hand-scored round in which some entered score was wrong: it is replayed */
  faulty: boolean;
  /** what each seat gained from this round (rounds won or points, bonus included) */
  gained: [number, number];
}

export interface DuelState {
  options: DuelOptions;
  /** every round played or being played, faulty ones included, in order */
  rounds: DuelRound[];
  scores: [number, number];
  finished: boolean;
}

export interface DuelRowView {
  guess: Code;
  score: Score | null;
  /** present only once the round is over (and the hand-scoring check can be shown) */
  trueScore: Score | null;
}

export interface DuelRoundView {
  number: number;
  codemaker: Seat;
  codebreaker: Seat;
  secretSet: boolean;
  /** the secret, only for the codemaker or after the round ended */
  secret: Code | null;
  rows: DuelRowView[];
  /** board rows (1-based) lost to the turn timer */
  missed: number[];
  outcome: null | 'broken' | 'failed';
  faulty: boolean;
  gained: [number, number];
  /** hand scoring: the last guess waits for the codemaker's score */
  awaitingScore: boolean;
}

export interface DuelView {
  family: 'duel';
  viewer: Viewer;
  options: DuelOptions;
  rounds: DuelRoundView[];
  scores: [number, number];
  finished: boolean;
}
