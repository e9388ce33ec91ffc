import { z } from 'zod';
import { seatSchema } from '@mm/rules';
import { displayNameSchema } from './display-name';

// Challenges (docs/architecture.md, Challenges): a room made from a friend's card with one seat kept
// for that friend for ten minutes. The friend is named as the friends' listings name people (an id of
// those listings, never a player id); a room's summary shows the kept seat with the friend's name only.

/** How long a challenged friend's seat stays kept for them (in the room's seconds: SECOND_MS shortens it in tests). */
export const CHALLENGE_TTL_SEC = 600;
/** Challenges a player may have waiting for an answer at once. */
export const CHALLENGES_PENDING_MAX = 3;

export const CHALLENGE_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'cancelled'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

const isoDate = z.string().describe('ISO 8601');
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'not a challenge id');

/** POST /api/challenges */
export const challengeBodySchema = z.strictObject({
  friendId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,32}$/, 'not an id of the listing')
    .describe('the friend, as GET /api/friends names them'),
  preset: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'not a preset id')
    .describe('a preset of the rules (the home page’s one-tap starts) with no bot seat'),
  name: displayNameSchema.optional().describe('the challenger’s name at the table; left out: their player’s name'),
});
export type ChallengeBody = z.input<typeof challengeBodySchema>;

/** POST /api/challenges/:id/accept, …/decline, DELETE /api/challenges/:id */
export const challengeParamsSchema = z.strictObject({ id: idSchema });

/** The kept seat as a room's summary shows it: the challenged friend's name, never who they are. */
export const roomChallengeSchema = z.strictObject({
  seat: seatSchema,
  name: z.string().describe('the challenged friend’s name'),
  status: z.enum(CHALLENGE_STATUSES).describe('pending: the seat is kept for them until expiresAt'),
  expiresAt: isoDate,
});
export type RoomChallenge = z.output<typeof roomChallengeSchema>;

/** POST /api/challenges → 201 */
export const challengeReplySchema = z.strictObject({
  id: idSchema,
  roomId: z.string(),
  expiresAt: isoDate,
});
export type ChallengeReply = z.output<typeof challengeReplySchema>;

const challengeLineSchema = z.strictObject({
  id: idSchema,
  name: z.string().describe('incoming: who challenges; outgoing: who is challenged'),
  preset: z.string(),
  status: z.enum(CHALLENGE_STATUSES),
  expiresAt: isoDate,
});

/** GET /api/challenges */
export const challengesReplySchema = z.strictObject({
  incoming: z.array(challengeLineSchema).describe('challenges waiting for this player’s answer, newest first'),
  outgoing: z
    .array(challengeLineSchema.extend({ roomId: z.string() }))
    .describe('this player’s challenges of the last day, newest first'),
});
export type ChallengesReply = z.output<typeof challengesReplySchema>;
export type ChallengeLine = ChallengesReply['incoming'][number];

/** POST /api/challenges/:id/accept: the room to open; the player's device holds the seat there. */
export const challengeAcceptReplySchema = z.strictObject({ roomId: z.string(), seat: seatSchema });
export type ChallengeAcceptReply = z.output<typeof challengeAcceptReplySchema>;
