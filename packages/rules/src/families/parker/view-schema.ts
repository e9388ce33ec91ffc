import { z } from 'zod';
import { scoreSchema, seatSchema, shownCodeSchema, viewerSchema } from '../../core/view-schemas';
import { parkerOptionsSchema, type ParkerView } from './types';

const turnsSchema = z.array(z.strictObject({ guess: shownCodeSchema, score: scoreSchema }));
const secretSchema = shownCodeSchema.nullable();

/** What a Parker seat or spectator is sent (`view` of the Parker 1974 family). */
export const parkerViewSchema: z.ZodType<ParkerView> = z.strictObject({
  family: z.literal('parker'),
  viewer: viewerSchema,
  options: parkerOptionsSchema,
  games: z.array(
    z.strictObject({
      number: z.number().int().min(1).describe('1-based number in the series'),
      first: seatSchema.describe('the seat that guesses first in every move of this game'),
      secretSet: z.tuple([z.boolean(), z.boolean()]),
      secrets: z
        .tuple([secretSchema, secretSchema])
        .describe('`secrets[s]` is the code seat s made: its own seat sees it; both are public once the game ended'),
      guesses: z
        .tuple([turnsSchema, turnsSchema])
        .describe("`guesses[s]` are seat s's guesses at the other seat's code, with their scores (public)"),
      missed: z
        .tuple([z.array(z.number().int().min(1)), z.array(z.number().int().min(1))])
        .describe('the move numbers in which each seat lost its guess to the turn timer'),
      moves: z.number().int().min(0).describe('move numbers completed (both seats have guessed)'),
      brokenAt: z
        .tuple([z.number().int().nullable(), z.number().int().nullable()])
        .describe("the move in which seat s broke the other's code, or null"),
      toGuess: seatSchema.nullable().describe('who guesses next (null while secrets are missing and after the game)'),
      outcome: z.enum(['won', 'draw']).nullable(),
      winner: seatSchema.nullable(),
    }),
  ),
  scores: z.tuple([z.number(), z.number()]).describe('games won per seat'),
  finished: z.boolean(),
});
