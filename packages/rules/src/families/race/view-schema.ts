import { z } from 'zod';
import { scoreSchema, seatSchema, shownCodeSchema, viewerSchema } from '../../core/view-schemas';
import { raceOptionsSchema, type RaceView } from './types';

const boardBase = {
  seat: seatSchema,
  missed: z.array(z.number().int().min(1)).describe('board rows (1-based) the seat lost to the turn timer'),
  used: z.number().int().min(0).describe('rows used: guesses and rows lost to the timer'),
  broken: z.boolean(),
  out: z.boolean().describe('out of rows without breaking the code'),
  place: z.number().int().min(1).nullable().describe('the place as it stands (final once the match is over); null while racing'),
};

/** What a race seat or spectator is sent (`view` of the race family). */
export const raceViewSchema: z.ZodType<RaceView> = z.strictObject({
  family: z.literal('race'),
  viewer: viewerSchema,
  options: raceOptionsSchema,
  code: shownCodeSchema.nullable().describe("the house's code: only once the match is over"),
  boards: z.array(
    z.discriminatedUnion('shown', [
      z
        .strictObject({
          ...boardBase,
          shown: z.literal('code'),
          rows: z.array(z.strictObject({ guess: shownCodeSchema, score: scoreSchema })),
        })
        .describe("the viewer's own board, or any board once the match is over: guesses and key pegs"),
      z
        .strictObject({
          ...boardBase,
          shown: z.literal('pegs'),
          rows: z.array(z.strictObject({ score: scoreSchema })),
        })
        .describe("another seat's board while the race runs: key pegs only, no colour"),
    ]),
  ),
  breakers: z.array(seatSchema).describe('the seats that broke the code, in the order their breaking guesses were accepted'),
  finished: z.boolean(),
});
