import { z } from 'zod';

// Friends (docs/architecture.md, Friends). A person is named by an id of these listings only (a hash
// of their player, never a device or a token); nobody learns more of a person than their name and
// the matches they finished together, friend or not.

/** How long a friend invitation link lives, unless used or revoked first. */
export const FRIEND_INVITE_TTL_MS = 7 * 24 * 3600_000;
/** Live invitations a player keeps: making one more drops the oldest. */
export const FRIEND_INVITES_KEPT = 5;

const isoDate = z.string().describe('ISO 8601');
/** A person or an invitation in these listings: 22 base64url characters. */
const listingIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'not an id of the listing');

/** PUT /api/friends/:id, DELETE /api/friends/:id, DELETE /api/friends/invites/:id */
export const friendParamsSchema = z.strictObject({ id: listingIdSchema });

/** The secret of a friend invitation link (/f/<token>): 128 random bits, base64url. */
export const friendInviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not an invitation');
/** POST /api/friends/invites/preview and POST /api/friends/invites/accept */
export const friendInviteBodySchema = z.strictObject({ token: friendInviteTokenSchema });
export type FriendInviteBody = z.input<typeof friendInviteBodySchema>;

/** Where the asking player stands with a person. */
export const FRIEND_RELATIONS = ['none', 'asked', 'asking', 'friend'] as const;
export type FriendRelation = (typeof FRIEND_RELATIONS)[number];
const relationSchema = z
  .enum(FRIEND_RELATIONS)
  .describe('none; asked: the asker asked them; asking: they asked the asker (PUT accepts); friend: both agreed');

export const friendPersonSchema = z.strictObject({
  id: z.string().describe('an id of these listings only (not a device, a token nor a player id)'),
  name: z.string().describe('their name now; empty when they never chose one'),
});

/** GET /api/friends: the asking player's friends, requests both ways, people played with and live invitations. */
export const friendsReplySchema = z.strictObject({
  friends: z.array(friendPersonSchema.extend({ since: isoDate })).describe('by name'),
  asking: z.array(friendPersonSchema.extend({ at: isoDate })).describe('people asking to be friends, newest first'),
  asked: z.array(friendPersonSchema.extend({ at: isoDate })).describe('people the player asked, newest first'),
  playedWith: z
    .array(
      friendPersonSchema.extend({
        lastPlayedAt: isoDate.describe('when the newest match they finished together ended'),
        matches: z.number().int().min(1).describe('matches they finished together (the Code of the day is played alone)'),
        relation: relationSchema,
      }),
    )
    .describe('players who finished a match with the asker, newest first (50 at most)'),
  invites: z
    .array(z.strictObject({ id: z.string(), createdAt: isoDate, expiresAt: isoDate }))
    .describe('the live invitation links the player made (never their tokens), newest first'),
});
export type FriendsReply = z.output<typeof friendsReplySchema>;
export type FriendPerson = z.output<typeof friendPersonSchema>;

/** PUT /api/friends/:id: where the player stands with them now. */
export const friendRelationReplySchema = z.strictObject({ relation: relationSchema });
export type FriendRelationReply = z.output<typeof friendRelationReplySchema>;

/** POST /api/friends/invites → 201 */
export const friendInviteReplySchema = z.strictObject({
  id: z.string().describe('its id in GET /api/friends (not the token)'),
  token: z.string().describe('opened as /f/<token>; shown once'),
  expiresAt: isoDate,
});
export type FriendInviteReply = z.output<typeof friendInviteReplySchema>;

/** POST /api/friends/invites/preview: who made the invitation (their name, nothing else). */
export const friendInvitePreviewReplySchema = z.strictObject({ name: z.string() });
export type FriendInvitePreviewReply = z.output<typeof friendInvitePreviewReplySchema>;

/** POST /api/friends/invites/accept: the friend it made. */
export const friendInviteAcceptReplySchema = z.strictObject({ friend: friendPersonSchema });
export type FriendInviteAcceptReply = z.output<typeof friendInviteAcceptReplySchema>;
