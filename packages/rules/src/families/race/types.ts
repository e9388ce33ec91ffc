import { z } from 'zod';
import { guessActionSchema, timeoutActionSchema } from '../../core/actions';
import type { Code } from '../../core/code';
import { codeOptionFields, enoughColours, ENOUGH_COLOURS_ISSUE } from '../../core/options';
import type { Seat, Viewer } from '../../core/family';
import type { Score } from '../../core/score';

/**
 * The race's options (docs/rules.md, "The race"); every field defaulted, ranges enforced. One
 * seat is allowed (a race against the code alone); the home page offers 2 to 8.
 */
export const raceOptionsSchema = z
  .object({
    players: z.number().int().min(1).max(8).default(2),
    ...codeOptionFields({ maxPegs: 6, defaultPegs: 4, defaultRepeats: true }),
    colours: z.number().int().min(6).max(8).default(6),
    /** GB advanced game: holes may be left blank, any number of them; a blank scores as one more colour */
    blanks: z.boolean().default(false),
    /** rows on each seat's board */
    guesses: z.number().int().min(8).max(12).default(10),
    /** hard mode: every guess must be one that could still be the code, given the seat's rows so far */
    hard: z.boolean().default(false),
  })
  .strict()
  .refine(enoughColours, ENOUGH_COLOURS_ISSUE);
export type RaceOptions = z.output<typeof raceOptionsSchema>;
export type RaceOptionsInput = z.input<typeof raceOptionsSchema>;

export const raceActionSchema = z.discriminatedUnion('type', [
  /** a guess at the house's code, on the seat's own board, whenever it likes */
  guessActionSchema,
  /** server only (docs/rules.md §5, turn timer): the seat's next row is lost; see `race.timeoutFor` */
  timeoutActionSchema,
]);
export type RaceAction = z.output<typeof raceActionSchema>;

/** A guess on a seat's own board and the key pegs it got. */
export interface RaceRow {
  guess: Code;
  score: Score;
}

/** One seat's board, as the state holds it. */
export interface RaceBoard {
  rows: RaceRow[];
  /** board rows (1-based) lost to the turn timer: used up, with no guess on them */
  missed: number[];
}

export interface RaceState {
  options: RaceOptions;
  /** the house's code, drawn from the match's seed */
  code: Code;
  /** one board per seat, in seat order */
  boards: RaceBoard[];
  /** the seats that broke the code, in the order their breaking guesses were accepted (the log's order) */
  breakers: Seat[];
  finished: boolean;
}

/** A row of another seat's board while the race runs: its key pegs, never its colours. */
export interface RacePegRow {
  score: Score;
}

interface RaceBoardViewBase {
  seat: Seat;
  /** board rows (1-based) lost to the turn timer */
  missed: number[];
  /** rows used: guesses and rows lost to the timer */
  used: number;
  broken: boolean;
  /** out of rows without breaking the code */
  out: boolean;
  /** the place as it stands (final once the match is over); null while the seat still plays */
  place: number | null;
}

/**
 * A board as a viewer is shown it: in full (`shown: 'code'`: the viewer's own, or everyone's once
 * the match is over), or as key pegs only (`shown: 'pegs'`: another seat's while the race runs),
 * whose rows have no colour to show by construction.
 */
export type RaceBoardView =
  (RaceBoardViewBase & { shown: 'code'; rows: RaceRow[] }) | (RaceBoardViewBase & { shown: 'pegs'; rows: RacePegRow[] });

export interface RaceView {
  family: 'race';
  viewer: Viewer;
  options: RaceOptions;
  /** the house's code: only once the match is over */
  code: Code | null;
  boards: RaceBoardView[];
  /** the seats that broke the code, in order of acceptance */
  breakers: Seat[];
  finished: boolean;
}
