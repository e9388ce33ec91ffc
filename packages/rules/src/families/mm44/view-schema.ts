import { z } from 'zod';
import { seatSchema, shownCodeSchema, viewerSchema } from '../../core/view-schemas';
import { MM44_COLOURS, MM44_HOLES } from './pure';
import { mm44OptionsSchema, type Mm44View } from './types';

const partSchema = z.strictObject({
  position: z
    .number()
    .int()
    .min(0)
    .max(MM44_HOLES - 1)
    .describe('the hole this board holds'),
  colour: z
    .number()
    .int()
    .min(0)
    .max(MM44_COLOURS - 1),
});

/** What a Master Mind 44 seat or spectator is sent (`view` of the mm44 family). */
export const mm44ViewSchema: z.ZodType<Mm44View> = z.strictObject({
  family: z.literal('mm44'),
  viewer: viewerSchema,
  options: mm44OptionsSchema,
  boards: z.array(
    z.strictObject({
      board: z.number().int().min(0).max(3),
      holder: seatSchema,
      part: partSchema.nullable().describe("the board's own part: only for its holder, and for everyone once the game is over"),
      rows: z.array(
        z.strictObject({
          code: shownCodeSchema.describe('5 holes, each a colour 0–5 or null (left empty)'),
          answers: z
            .array(z.strictObject({ board: z.number().int().min(0).max(3), peg: z.enum(['black', 'white']).nullable() }))
            .describe('one answer from every other board, in board order: a key peg about its own part, or null'),
        }),
      ),
      missed: z.array(z.number().int().min(1)).describe("the board's row numbers (1-based) lost to the turn timer"),
      full: z.boolean().describe('every row used: the board skips its turns'),
    }),
  ),
  phase: z.enum(['play', 'finalCalls', 'over']),
  turn: z.number().int().nullable().describe("the board to place the next row (phase 'play')"),
  caller: seatSchema.nullable().describe("the seat whose last call it is (phase 'finalCalls')"),
  out: z.array(z.boolean()).describe('per seat: out after a wrong call'),
  calls: z
    .array(z.strictObject({ seat: seatSchema, code: shownCodeSchema, correct: z.boolean() }))
    .describe('every "Master Mind!" call, in order (public, as at the table)'),
  passed: z.array(seatSchema).describe('seats that passed in the final calls, in order'),
  winner: seatSchema.nullable(),
  code: shownCodeSchema.nullable().describe('the whole hidden code, once the game is over'),
  finished: z.boolean(),
});
