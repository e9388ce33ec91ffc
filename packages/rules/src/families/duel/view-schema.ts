import { z } from 'zod';
import { outcomeSchema, scoreSchema, seatSchema, shownCodeSchema, viewerSchema } from '../../core/view-schemas';
import { duelOptionsSchema, type DuelView } from './types';

const pair = z.tuple([z.number(), z.number()]);

/** What a duel seat or spectator is sent (`view` of the duel family). */
export const duelViewSchema: z.ZodType<DuelView> = z.strictObject({
  family: z.literal('duel'),
  viewer: viewerSchema,
  options: duelOptionsSchema,
  rounds: z.array(
    z.strictObject({
      number: z.number().int().min(1).describe('1-based; a replayed (faulty) round keeps the number of the round it replays'),
      codemaker: seatSchema,
      codebreaker: seatSchema,
      secretSet: z.boolean(),
      secret: shownCodeSchema.nullable().describe('only for the codemaker, or for everyone once the round ended'),
      rows: z.array(
        z.strictObject({
          guess: shownCodeSchema,
          score: scoreSchema.nullable().describe('hand scoring: null until the codemaker scores the row'),
          trueScore: scoreSchema.nullable().describe('the true score, only once the round is over'),
        }),
      ),
      missed: z.array(z.number().int().min(1)).describe('board rows (1-based) the codebreaker lost to the turn timer'),
      outcome: outcomeSchema,
      faulty: z.boolean().describe('a hand-scored round with a wrong score: it is replayed'),
      gained: pair.describe('what each seat gained from this round (rounds won or points, bonus included)'),
      awaitingScore: z.boolean().describe("hand scoring: the last guess waits for the codemaker's score"),
    }),
  ),
  scores: pair,
  finished: z.boolean(),
});
