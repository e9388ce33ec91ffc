// The successful reply of each HTTP route, and the body of every refusal.
import { z } from 'zod';
import {
  dailyAttemptReplySchema,
  dailyAttemptSchema,
  dailyCommitmentsReplySchema,
  dailyMeReplySchema,
  dailyReminderSchema,
  dailySummaryReplySchema,
} from './daily';
import {
  deviceInfoSchema,
  linkCodeListReplySchema,
  linkCodeReplySchema,
  linkPreviewReplySchema,
  linkReplySchema,
  meReplySchema,
  statsReplySchema,
} from './identity';
import { familyIdSchema, matchStatusSchema, matchViewSchema, seatSchema } from '@mm/rules';
import { challengeAcceptReplySchema, challengeReplySchema, challengesReplySchema } from './challenges';
import type { CreateRoomReply, FinishedMatchDetail, HealthReply, LiveMatchDetail, MatchListReply } from './http';
import {
  friendInviteAcceptReplySchema,
  friendInvitePreviewReplySchema,
  friendInviteReplySchema,
  friendRelationReplySchema,
  friendsReplySchema,
} from './friends';
import {
  groupInviteReplySchema,
  groupJoinReplySchema,
  groupPageReplySchema,
  groupPreviewReplySchema,
  groupsReplySchema,
} from './groups';
import { matchIdSchema, roomIdSchema } from './ids';
import { passkeyCapabilitySchema, passkeyInfoSchema, passkeyListReplySchema, passkeyOptionsReplySchema } from './passkeys';
import { myRatingsReplySchema, playerCardReplySchema, tableScoreReplySchema } from './ratings';
import { dailyFlagSchema, isoDate, ok } from './payload-parts';
import type { PushKeyReply } from './push';
import { commitmentSchema, roomSummarySchema, snapshotSchema } from './room-payloads';

/** `{ error: { code, message } }`: the body of every HTTP 4xx and 5xx. */
export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.string().describe('a code of the error tables (transport, rule, HTTP)'),
    message: z.string(),
  }),
});
export type ErrorBody = z.output<typeof errorBodySchema>;

export const healthReplySchema: z.ZodType<HealthReply> = z.strictObject({
  ok: z.literal(true),
  db: z.enum(['embedded', 'postgres']),
});
export const createRoomReplySchema: z.ZodType<CreateRoomReply> = z.strictObject({
  id: roomIdSchema,
  url: z.string().describe('the link to share'),
  seated: z
    .strictObject({
      seat: seatSchema,
      name: z.string().describe('the name shown (numbered if a bot of the room already shows it)'),
      seatToken: z.string().describe('keep it: the only way back into this seat (room:join `seatToken`)'),
    })
    .nullable()
    .describe("the creator's seat when the body asked to `sit`; null when they only host"),
});

const playerSchema = z.strictObject({ seat: seatSchema, name: z.string() });
const resultSchema = z.strictObject({ winners: z.array(seatSchema), draw: z.boolean(), scores: z.array(z.number()) });

export const matchListReplySchema: z.ZodType<MatchListReply> = z.strictObject({
  matches: z.array(
    z.strictObject({
      id: matchIdSchema,
      roomId: roomIdSchema,
      number: z.number().int().min(1),
      family: familyIdSchema,
      players: z.array(
        playerSchema.extend({
          you: z.boolean().describe('this device sat there'),
          person: z
            .boolean()
            .describe(
              'a player sat there (not a bot, nor someone deleted since): their card (`GET /api/matches/:id/seats/:seat/card`) answers',
            ),
        }),
      ),
      result: resultSchema.nullable().describe('null while the match is played'),
      createdAt: isoDate,
      finishedAt: isoDate.nullable(),
      url: z.string().describe('the replay (finished) or the public view (unfinished)'),
      yourTurn: z.boolean().describe('this device owes a move in this unfinished match now; these come first in the page'),
      deadline: isoDate.nullable().describe("with a turn timer, when this device's move times out; else null"),
      daily: dailyFlagSchema.describe("the Code of the day's puzzle number, when this match was a player's attempt at it"),
    }),
  ),
  nextCursor: matchIdSchema.nullable().describe('pass as `cursor` for the next (older) page; null on the last page'),
});

const matchDetailBase = {
  id: matchIdSchema,
  roomId: roomIdSchema,
  number: z.number().int().min(1),
  family: familyIdSchema,
  options: z.record(z.string(), z.unknown()),
  players: z.array(playerSchema),
  status: matchStatusSchema,
  createdAt: isoDate,
  finishedAt: isoDate.nullable(),
  daily: dailyFlagSchema.describe("the Code of the day's puzzle number, when this match was a player's attempt at it"),
};
export const finishedMatchDetailSchema: z.ZodType<FinishedMatchDetail> = z.strictObject({
  ...matchDetailBase,
  finished: z.literal(true),
  seed: z.string().describe('the match seed (setup(options, seed) starts the fold)'),
  salt: z.string().nullable().describe('the salt of the deal commitment (dealt families)'),
  log: z.array(
    z.strictObject({
      seq: z.number().int().min(1),
      seat: seatSchema,
      action: z.unknown().describe("an action of the family's schema (below)"),
      salt: z.string().nullable().describe('the salt of the commitment of a setSecret'),
      at: isoDate,
    }),
  ),
  commitments: z.array(commitmentSchema),
  // the final state with nothing hidden (`review`)
  view: matchViewSchema,
});
export const liveMatchDetailSchema: z.ZodType<LiveMatchDetail> = z.strictObject({
  ...matchDetailBase,
  finished: z.literal(false),
  // the spectator's snapshot
  snapshot: snapshotSchema,
});
export const matchDetailSchema = z.union([finishedMatchDetailSchema, liveMatchDetailSchema]);

export const pushKeyReplySchema: z.ZodType<PushKeyReply> = z.strictObject({
  publicKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .describe('the VAPID public key (uncompressed P-256 point, base64url)'),
});

/** GET /api/me/export: "Download my data". Matches as their public replay shows them (a running one: the public view). */
export const exportReplySchema = z.strictObject({
  exportedAt: z.string().describe('ISO 8601'),
  player: z.strictObject({ name: z.string(), createdAt: z.string() }),
  devices: z.array(deviceInfoSchema),
  matches: z.array(matchDetailSchema).describe('newest first'),
});
export type ExportReply = z.output<typeof exportReplySchema>;

/**
 * The successful reply of each HTTP route, by `METHOD /path` (every 4xx and 5xx is an
 * `errorBodySchema`); `schema: null` for a reply without a body.
 */
export const httpReplySchemas = {
  'GET /api/health': { status: 200, schema: healthReplySchema },
  'GET /api/health/live': { status: 200, schema: z.strictObject({ ok }) },
  'GET /api/health/ready': { status: 200, schema: healthReplySchema },
  'POST /api/rooms': { status: 201, schema: createRoomReplySchema },
  'GET /api/rooms/:id': { status: 200, schema: roomSummarySchema },
  'GET /api/rooms/:id/score': { status: 200, schema: tableScoreReplySchema },
  'GET /api/matches': { status: 200, schema: matchListReplySchema },
  'GET /api/matches/:id': { status: 200, schema: matchDetailSchema },
  'GET /api/push/key': { status: 200, schema: pushKeyReplySchema },
  'POST /api/push/subscriptions': { status: 201, schema: z.strictObject({ ok }) },
  'DELETE /api/push/subscriptions': { status: 204, schema: null },
  'GET /api/me': { status: 200, schema: meReplySchema },
  'GET /api/me/export': { status: 200, schema: exportReplySchema },
  'PUT /api/me/name': { status: 200, schema: meReplySchema },
  'PUT /api/me/lang': { status: 200, schema: meReplySchema },
  'GET /api/me/stats': { status: 200, schema: statsReplySchema },
  'GET /api/me/ratings': { status: 200, schema: myRatingsReplySchema },
  'GET /api/matches/:id/seats/:seat/card': { status: 200, schema: playerCardReplySchema },
  'DELETE /api/me': { status: 204, schema: null },
  'DELETE /api/me/devices/:id': { status: 204, schema: null },
  'PUT /api/me/devices/:id/name': { status: 200, schema: meReplySchema },
  'POST /api/me/link-codes': { status: 201, schema: linkCodeReplySchema },
  'GET /api/me/link-codes': { status: 200, schema: linkCodeListReplySchema },
  'DELETE /api/me/link-codes/:id': { status: 204, schema: null },
  'POST /api/link/preview': { status: 200, schema: linkPreviewReplySchema },
  'POST /api/link': { status: 200, schema: linkReplySchema },
  'GET /api/passkeys': { status: 200, schema: passkeyCapabilitySchema },
  'POST /api/passkeys/sign-in/options': { status: 200, schema: passkeyOptionsReplySchema },
  'POST /api/passkeys/sign-in': { status: 200, schema: linkReplySchema },
  'GET /api/me/passkeys': { status: 200, schema: passkeyListReplySchema },
  'POST /api/me/passkeys/options': { status: 200, schema: passkeyOptionsReplySchema },
  'POST /api/me/passkeys': { status: 201, schema: passkeyInfoSchema },
  'DELETE /api/me/passkeys/:id': { status: 204, schema: null },
  'GET /api/daily/commitments': { status: 200, schema: dailyCommitmentsReplySchema },
  'POST /api/daily/attempt': { status: 200, schema: dailyAttemptSchema },
  'GET /api/daily/attempt': { status: 200, schema: dailyAttemptReplySchema },
  'GET /api/daily/me': { status: 200, schema: dailyMeReplySchema },
  'GET /api/daily/:n/summary': { status: 200, schema: dailySummaryReplySchema },
  'PUT /api/daily/reminder': { status: 200, schema: dailyReminderSchema },
  'GET /api/daily/reminder': { status: 200, schema: dailyReminderSchema },
  'GET /api/friends': { status: 200, schema: friendsReplySchema },
  'PUT /api/friends/:id': { status: 200, schema: friendRelationReplySchema },
  'DELETE /api/friends/:id': { status: 204, schema: null },
  'POST /api/friends/invites': { status: 201, schema: friendInviteReplySchema },
  'DELETE /api/friends/invites/:id': { status: 204, schema: null },
  'POST /api/friends/invites/preview': { status: 200, schema: friendInvitePreviewReplySchema },
  'POST /api/friends/invites/accept': { status: 200, schema: friendInviteAcceptReplySchema },
  'GET /api/groups': { status: 200, schema: groupsReplySchema },
  'POST /api/groups': { status: 201, schema: groupInviteReplySchema },
  'POST /api/rooms/:id/group': { status: 201, schema: groupInviteReplySchema },
  'GET /api/groups/:id': { status: 200, schema: groupPageReplySchema },
  'DELETE /api/groups/:id/members/:person': { status: 204, schema: null },
  'POST /api/groups/:id/invite': { status: 200, schema: groupInviteReplySchema },
  'POST /api/groups/preview': { status: 200, schema: groupPreviewReplySchema },
  'POST /api/groups/join': { status: 200, schema: groupJoinReplySchema },
  'POST /api/challenges': { status: 201, schema: challengeReplySchema },
  'GET /api/challenges': { status: 200, schema: challengesReplySchema },
  'POST /api/challenges/:id/accept': { status: 200, schema: challengeAcceptReplySchema },
  'POST /api/challenges/:id/decline': { status: 204, schema: null },
  'DELETE /api/challenges/:id': { status: 204, schema: null },
} as const satisfies Record<string, { status: number; schema: z.ZodType | null }>;
