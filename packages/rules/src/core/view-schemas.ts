import { z } from 'zod';
import { codeSchema } from './code-schema';
import { OWED_MOVES, type MatchStatus } from './family';
import type { Score } from './score';

/**
 * Building blocks of the view schemas. Views are what the server sends each seat; their
 * schemas exist so that docs/protocol.md can describe every payload exactly and the
 * server's tests can check that every payload a socket receives fits them. Each family's
 * `viewSchema` is checked against its TypeScript view type at compile time.
 */
export const seatSchema = z.number().int().min(0).max(7).describe('a place at the table, from 0 in seat order');
export const viewerSchema = seatSchema.nullable().describe('the seat this view is for; null for a spectator (the public view)');
export const scoreSchema: z.ZodType<Score> = z.strictObject({
  black: z.number().int().min(0).describe('right colour in the right hole'),
  white: z.number().int().min(0).describe('right colour in the wrong hole'),
});
/** A code as shown: colour indexes from 0, null for a blank (an empty hole). */
export const shownCodeSchema = codeSchema.describe('colour indexes from 0; null is a blank (empty hole)');
export const outcomeSchema = z.enum(['broken', 'failed']).nullable().describe('null while the round is played');

export const matchStatusSchema: z.ZodType<MatchStatus> = z.strictObject({
  finished: z.boolean(),
  toAct: z.array(seatSchema).describe('seats expected to act now (a turn, a secret to set); empty when finished'),
  owes: z
    .array(z.strictObject({ seat: seatSchema, kind: z.enum(OWED_MOVES) }))
    .describe(
      'what each seat of toAct owes, in the same order: secret, guess, score (by hand), row (MM44), call (MM44 final calls: call or pass)',
    ),
  may: z
    .array(z.strictObject({ seat: seatSchema, kind: z.enum(OWED_MOVES) }))
    .describe('moves a seat may make now without owing them: call (MM44, any board still in during play)'),
  scores: z.array(z.number()).describe("running total per seat, in the family's own unit (rounds won, points)"),
  winners: z.array(seatSchema).describe('when finished: the seats that won; several on a shared win; empty on a draw'),
  draw: z.boolean(),
});
