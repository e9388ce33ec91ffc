import { z } from 'zod';
import { outcomeSchema, scoreSchema, seatSchema, shownCodeSchema, viewerSchema } from '../../core/view-schemas';
import { rotationOptionsSchema, type RotationView } from './types';

/** What a rotation seat or spectator is sent (`view` of the rotation family). */
export const rotationViewSchema: z.ZodType<RotationView> = z.strictObject({
  family: z.literal('rotation'),
  viewer: viewerSchema,
  options: rotationOptionsSchema,
  rounds: z.array(
    z.strictObject({
      number: z.number().int().min(1).describe('round r is made by seat r − 1'),
      codemaker: seatSchema,
      guesser: seatSchema.nullable().describe('who places the next row; null before the secret is set and after the round'),
      secretSet: z.boolean(),
      secret: shownCodeSchema.nullable().describe('only for the codemaker, or for everyone once the round ended'),
      rows: z.array(
        z.strictObject({
          seat: seatSchema.describe('the codebreaker who placed this row'),
          guess: shownCodeSchema,
          score: scoreSchema,
          points: z.number().int().describe('what the row earned its codebreaker'),
        }),
      ),
      missed: z
        .array(z.strictObject({ seat: seatSchema, row: z.number().int().min(1) }))
        .describe('rows of the shared board lost to the turn timer, in order: used up, no guess, no points'),
      outcome: outcomeSchema,
      codemakerPoints: z.number().int().nullable().describe("the codemaker's points, once the round has ended"),
      gained: z.array(z.number()).describe('what each seat gained in this round so far'),
    }),
  ),
  scores: z.array(z.number()),
  finished: z.boolean(),
});
