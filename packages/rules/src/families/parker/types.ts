import { z } from 'zod';
import { guessActionSchema, setSecretActionSchema, timeoutActionSchema } from '../../core/actions';
import type { Code } from '../../core/code';
import { codeOptionFields, enoughColours, ENOUGH_COLOURS_ISSUE } from '../../core/options';
import type { Seat, Viewer } from '../../core/family';
import type { Score } from '../../core/score';

/** docs/rules.md §3 options; every field defaulted, ranges enforced. Blanks are not offered. */
export const parkerOptionsSchema = z
  .object({
    // repeats: the 1974 rulebook allows any combination; "three different colours" is the beginners' option
    ...codeOptionFields({ maxPegs: 5, defaultPegs: 3, defaultRepeats: true }),
    /**
     * A series of this many games, seats taking turns to move first. Every game is played
     * (no early end when the series is decided), so the count stays what the room announced.
     */
    games: z
      .number()
      .int()
      .min(1)
      .max(7)
      .refine((n) => n % 2 === 1, { message: 'games must be odd: a best-of series' })
      .default(1),
  })
  .strict()
  .refine(enoughColours, ENOUGH_COLOURS_ISSUE);
export type ParkerOptions = z.output<typeof parkerOptionsSchema>;
export type ParkerOptionsInput = z.input<typeof parkerOptionsSchema>;

export const parkerActionSchema = z.discriminatedUnion('type', [
  /** each seat sets its own secret, both at the start of a game, in either order */
  setSecretActionSchema,
  /** a guess at the other seat's secret */
  guessActionSchema,
  /** server only (docs/rules.md §5, "Turn timer"): see `parker.timeoutFor` */
  timeoutActionSchema,
]);
export type ParkerAction = z.output<typeof parkerActionSchema>;

/** One guess at the other seat's code and the score it got: a row of the board (docs/rules.md §3). */
export interface ParkerRow {
  guess: Code;
  score: Score;
}

/** One game of a Parker series, as the state holds it (`ParkerGameView` is what a seat is shown of it). */
export interface ParkerGameState {
  /** 1-based number in the series */
  number: number;
  /** the seat that guesses first in every move number of this game */
  first: 0 | 1;
  /** `secrets[s]` is the code seat s made (and the other seat tries to break) */
  secrets: [Code | null, Code | null];
  /** `guesses[s]` are seat s's guesses at the other seat's code; `guesses[s][m - 1]` is its guess of move m */
  guesses: [ParkerRow[], ParkerRow[]];
  /** `missed[s]`: the move numbers in which seat s lost its guess to the turn timer */
  missed: [number[], number[]];
  /** null while the game is played */
  outcome: null | 'won' | 'draw';
  winner: Seat | null;
}

export interface ParkerState {
  options: ParkerOptions;
  /** the games played so far and the one being played, in order */
  games: ParkerGameState[];
  /** games won per seat */
  scores: [number, number];
  finished: boolean;
}

export interface ParkerGameView {
  number: number;
  first: Seat;
  secretSet: [boolean, boolean];
  /** a seat sees its own secret; both are shown to everyone once the game has ended */
  secrets: [Code | null, Code | null];
  /** public, as on the board between the players: both seats' guesses and the scores they got */
  guesses: [ParkerRow[], ParkerRow[]];
  /** the move numbers in which each seat lost its guess to the turn timer */
  missed: [number[], number[]];
  /** move numbers completed (both seats have guessed) */
  moves: number;
  /** the move number in which seat s broke the other's code, or null */
  brokenAt: [number | null, number | null];
  /** who guesses next (null while secrets are missing and after the game) */
  toGuess: Seat | null;
  outcome: null | 'won' | 'draw';
  winner: Seat | null;
}

export interface ParkerView {
  family: 'parker';
  viewer: Viewer;
  options: ParkerOptions;
  games: ParkerGameView[];
  scores: [number, number];
  finished: boolean;
}
