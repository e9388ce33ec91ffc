import { z } from 'zod';
import { matchIdSchema, roomIdSchema, seatIndexSchema } from './ids';

/** One family's rating of a player: public (docs/rules.md §7). */
export const familyRatingSchema = z.strictObject({
  family: z.string(),
  rating: z.number().int().describe("the conservative ordinal of openskill's Weng-Lin rating, scaled: 1000 before any match"),
  games: z.number().int().min(0).describe('rated matches finished in this family'),
});
export type FamilyRating = z.output<typeof familyRatingSchema>;

/** GET /api/me/ratings: the asker's ratings, each with its course for the chart of /me. */
export const myRatingsReplySchema = z.strictObject({
  families: z
    .array(
      familyRatingSchema.extend({
        history: z
          .array(z.strictObject({ at: z.string().describe('ISO 8601: the rated match finished'), rating: z.number().int() }))
          .describe('the rating after each rated match, oldest first (at most the 200 newest)'),
      }),
    )
    .describe('families the player has a rated match of, most played first'),
});
export type MyRatingsReply = z.output<typeof myRatingsReplySchema>;

const recordSchema = z.strictObject({
  won: z.number().int().min(0),
  lost: z.number().int().min(0),
  drawn: z.number().int().min(0),
});
export type HeadToHeadRecord = z.output<typeof recordSchema>;

/** Two players' record against each other, from the asker's side: every finished match both sat in (docs/rules.md §7). */
export const headToHeadSchema = z.strictObject({
  total: recordSchema,
  families: z.array(recordSchema.extend({ family: z.string() })).describe('most played first'),
  last: z
    .array(
      z.strictObject({
        family: z.string(),
        at: z.string().describe('ISO 8601: when the match finished'),
        outcome: z.enum(['won', 'lost', 'drawn']),
      }),
    )
    .max(5)
    .describe('the five newest, newest first'),
});
export type HeadToHead = z.output<typeof headToHeadSchema>;

/**
 * GET /api/matches/:id/seats/:seat/card: the person who sat there, as anyone may see them (there are
 * no friends yet): their name, their public ratings and the head-to-head with the asker. Nothing else.
 */
export const playerCardReplySchema = z.strictObject({
  name: z.string(),
  you: z.boolean().describe('the asker is this player (then `headToHead` is null)'),
  ratings: z.array(familyRatingSchema).describe('most played first'),
  headToHead: headToHeadSchema.nullable(),
  friend: z
    .string()
    .optional()
    .describe('present when the asker and this person are friends: their id in GET /api/friends (to challenge them)'),
});
export type PlayerCardReply = z.output<typeof playerCardReplySchema>;

export const playerCardParamsSchema = z.strictObject({ id: matchIdSchema, seat: z.coerce.number().pipe(seatIndexSchema) });

/** One family's part of a person's record at one table. */
const tableFamilyScoreSchema = z.strictObject({
  family: z.string(),
  won: z.number().int().min(0),
  played: z.number().int().min(0),
  points: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe("the family's own points summed over the matches (duel, rotation, Parker games); null where the family has none"),
});

/**
 * GET /api/rooms/:id/score: the running score of a table, worked out from its stored finished matches
 * at each request. One entry per person (a player, whichever seat they sat in); a seat of no player
 * (a bot) counts by its name. No id, no device, nothing hidden.
 */
export const tableScoreReplySchema = z.strictObject({
  players: z
    .array(
      z.strictObject({
        name: z.string().describe('the name shown at the newest match they sat in ("": a deleted player)'),
        won: z.number().int().min(0),
        played: z.number().int().min(0),
        families: z.array(tableFamilyScoreSchema).describe('most played first'),
      }),
    )
    .describe('most wins first, then most played, then by name'),
});
export type TableScoreReply = z.output<typeof tableScoreReplySchema>;
export const tableScoreParamsSchema = z.strictObject({ id: roomIdSchema });
