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
import { BOT_STRENGTHS, familyIdSchema, matchStatusSchema, matchViewSchema, seatSchema, shownCodeSchema } from '@mm/rules';
import { challengeAcceptReplySchema, challengeReplySchema, challengesReplySchema, roomChallengeSchema } from './challenges';
import { ERROR_CODES, type ErrorReply } from './errors';
import type { Commitment } from './fairness';
import type {
  CreateRoomReply,
  FinishedMatchDetail,
  HealthReply,
  LiveMatchDetail,
  MatchListReply,
  RoomSummary,
  SeatSummary,
} from './http';
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
import { REACTION_PRESETS } from './constants';
import { passkeyCapabilitySchema, passkeyInfoSchema, passkeyListReplySchema, passkeyOptionsReplySchema } from './passkeys';
import { myRatingsReplySchema, playerCardReplySchema, tableScoreReplySchema } from './ratings';
import type { PushKeyReply } from './push';
import type { Snapshot } from './snapshot';
import type { Patch } from './delta';
import type {
  ActReply,
  AnotherReply,
  BotReply,
  ClaimReply,
  ClientMessageName,
  HintReply,
  JoinReply,
  LeaveReply,
  RenameReply,
  PresenceReply,
  ReactReply,
  ReadyReply,
  RematchReply,
  RoomReaction,
  RoomRejoin,
  RoomDelta,
  RoomUpdate,
  SettingsReply,
  SyncReply,
} from './socket';

/**
 * Schemas of everything the server sends: HTTP replies, acknowledgements and server → client
 * events. Each is checked against its TypeScript type at compile time; docs/protocol.md renders
 * them; the server's tests check every payload a test socket receives against them (strict:
 * an undocumented field fails), so the document is enough to write a client.
 */

const ok = z.literal(true);
const isoDate = z.string().describe('an ISO 8601 date-time');
const hashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .describe('SHA-256, lower-case hex');

export const commitmentSchema: z.ZodType<Commitment> = z.union([
  z
    .strictObject({ kind: z.literal('secret'), seq: z.number().int().min(1), seat: seatSchema, hash: hashSchema })
    .describe('sha256hex(salt + ":" + JSON.stringify(code)) of the setSecret accepted at `seq` from `seat`'),
  z
    .strictObject({ kind: z.literal('deal'), hash: hashSchema })
    .describe('sha256hex(salt + ":" + seed) of the match seed a dealt family deals from'),
]);

export const snapshotSchema: z.ZodType<Snapshot> = z.strictObject({
  matchId: matchIdSchema,
  matchNumber: z.number().int().min(1).describe("1 for the room's first match, +1 for every rematch: keep the newest match"),
  seq: z.number().int().min(0).describe('the number of accepted actions; keep the snapshot with the highest'),
  // the match as this socket's seat may see it (one schema per family: docs/protocol.md, "Views")
  view: matchViewSchema,
  status: matchStatusSchema,
  last: z
    .strictObject({ seq: z.number().int().min(1), seat: seatSchema, type: z.string() })
    .nullable()
    .describe('who played the latest action and its type (`guess`, `setSecret`…)'),
  commitments: z.array(commitmentSchema).describe('hashes of every secret set so far (and of the seed of a dealt family)'),
  deadlines: z
    .array(z.strictObject({ seat: seatSchema, at: isoDate }))
    .describe('when each seat that owes a move times out (empty without a turn timer, or once the match is over)'),
});

/** A Code of the day's room or match: its puzzle number; absent for any other (one flag, asked of the room, never inferred). */
const dailyFlagSchema = z.number().int().min(1).optional();

export const seatSummarySchema: z.ZodType<SeatSummary> = z.strictObject({
  index: seatSchema,
  name: z.string().nullable().describe('null: the seat is free'),
  connected: z.boolean().describe('some socket holds the seat now (a bot always counts as connected)'),
  bot: z.boolean().describe('a bot plays this seat'),
  takenOver: z.boolean().describe("a person's seat that a bot plays until the person comes back"),
  botStrength: z.enum(BOT_STRENGTHS).nullable().describe('how well the bot plays; null when no bot plays the seat'),
});

export const roomSummarySchema: z.ZodType<RoomSummary> = z.strictObject({
  id: roomIdSchema,
  family: familyIdSchema,
  options: z.record(z.string(), z.unknown()).describe("the family's options, every default filled in (see POST /api/rooms)"),
  seats: z.array(seatSummarySchema),
  spectators: z.number().int().min(0).describe('sockets watching without a seat'),
  spectating: z.boolean().describe('false when the creator turned spectating off: watchers then get no snapshot'),
  hints: z.boolean(),
  takeOverAfterSec: z.number().int().nullable(),
  turnSeconds: z.number().int().nullable().describe('seconds each seat has for a move; null: no turn timer'),
  match: z.strictObject({ id: matchIdSchema, number: z.number().int().min(1) }).describe("the room's current (newest) match"),
  rematch: z.array(seatSchema).describe('seats that accepted a rematch of the finished current match'),
  status: matchStatusSchema,
  createdAt: isoDate,
  daily: dailyFlagSchema.describe("a Code of the day's room: the puzzle number its one match plays (absent for any other room)"),
  challenge: roomChallengeSchema
    .optional()
    .describe('a room made as a challenge: the seat kept for a friend (absent for any other room)'),
  start: z
    .strictObject({
      ready: z.array(seatSchema).describe('the seats ready (a bot always is)'),
      now: z
        .number()
        .int()
        .describe("the server's clock when this summary was made (ms since the epoch): count down from startsAt − now"),
      startsAt: z
        .number()
        .int()
        .nullable()
        .describe('when the countdown ends and the match opens (ms since the epoch); null: it does not run'),
    })
    .optional()
    .describe('a simultaneous start (race, Parker) waiting for ready and its countdown; absent once the match is open'),
});

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

export const errorReplySchema: z.ZodType<ErrorReply> = z.strictObject({
  ok: z.literal(false),
  code: z.enum(ERROR_CODES as [string, ...string[]]) as unknown as z.ZodType<ErrorReply['code']>,
  message: z.string(),
  seq: z.number().int().min(0).optional().describe('DUPLICATE_ACTION and STALE_SEQ: the seq that matters'),
});

/** The acknowledgement of each client message when it succeeds (a refusal is an `errorReplySchema`). */
export const clientReplySchemas = {
  'room:join': z.strictObject({
    ok,
    room: roomSummarySchema,
    seat: seatSchema.nullable().describe('the seat this socket holds (from a valid seat token), or null to watch'),
    snapshot: snapshotSchema.nullable().describe('null for a watcher while spectating is off'),
    creator: z.boolean().describe("this device's player created the room (it may change its settings)"),
    seatToken: z.string().optional().describe('after a join with `claim`: keep it, the only way back into this seat'),
  }) satisfies z.ZodType<JoinReply>,
  'seat:claim': z.strictObject({
    ok,
    seat: seatSchema,
    seatToken: z.string().describe('keep it: the only way back into this seat'),
  }) satisfies z.ZodType<ClaimReply>,
  'seat:rename': z.strictObject({
    ok,
    name: z.string().describe('the name the seat shows now (numbered if another seat showed it)'),
  }) satisfies z.ZodType<RenameReply>,
  'seat:leave': z.strictObject({ ok }) satisfies z.ZodType<LeaveReply>,
  'match:act': z.strictObject({
    ok,
    seq: z.number().int().min(1).describe('where the action was accepted'),
  }) satisfies z.ZodType<ActReply>,
  'room:sync': z.strictObject({
    ok,
    room: roomSummarySchema,
    snapshot: snapshotSchema.nullable(),
  }) satisfies z.ZodType<SyncReply>,
  'room:settings': z.strictObject({ ok }) satisfies z.ZodType<SettingsReply>,
  'match:rematch': z.strictObject({
    ok,
    started: z.boolean().describe('the vote completed the table and the new match has begun (expect room:rejoin)'),
  }) satisfies z.ZodType<RematchReply>,
  'match:another': z.strictObject({
    ok,
    matchNumber: z.number().int().min(2).describe('the number of the match that began (expect room:rejoin)'),
  }) satisfies z.ZodType<AnotherReply>,
  'seat:bot': z.strictObject({ ok }) satisfies z.ZodType<BotReply>,
  'seat:takeover': z.strictObject({ ok }) satisfies z.ZodType<BotReply>,
  'match:hint': z.strictObject({
    ok,
    code: shownCodeSchema.nullable().describe('a strong next code for this seat, or null when it has nothing to guess now'),
    kind: z
      .enum(['guess', 'row', 'call'])
      .optional()
      .describe("what to do with `code`: guess it; Master Mind 44: place it as the seat's row, or call it"),
    possible: z.number().int().min(0).describe('how many codes (Master Mind 44: deals) are still possible for this seat'),
  }) satisfies z.ZodType<HintReply>,
  'room:react': z.strictObject({ ok }) satisfies z.ZodType<ReactReply>,
  'room:ready': z.strictObject({ ok }) satisfies z.ZodType<ReadyReply>,
  presence: z.strictObject({ ok }) satisfies z.ZodType<PresenceReply>,
} satisfies Record<ClientMessageName, z.ZodType>;

/** A delta's patch (delta.ts): checked for its outer form here, and in full as it is applied. */
const patchSchema: z.ZodType<Patch> = z.union([
  z.tuple([]),
  z.tuple([z.unknown()]),
  z.record(z.string(), z.unknown()),
]) as z.ZodType<Patch>;

/** The payload of each server → client event. */
export const serverEventSchemas = {
  'room:update': z.strictObject({
    room: roomSummarySchema,
    snapshot: snapshotSchema.nullable().describe('null for a watcher while spectating is off'),
    seat: seatSchema.nullable().describe('the seat this socket holds (null to watch)'),
  }) satisfies z.ZodType<RoomUpdate>,
  'room:delta': z.strictObject({
    match: z.number().int().min(1).describe("the match's number in the room (snapshot.matchNumber)"),
    fromSeq: z.number().int().min(0).describe('the seq of the snapshot this applies to'),
    toSeq: z.number().int().min(0).describe('the seq of the snapshot it yields'),
    hash: z
      .string()
      .describe('valueHash (packages/protocol/src/delta.ts) of { room, snapshot }: the summary and snapshot it yields'),
    patch: z
      .strictObject({ room: patchSchema.optional(), snapshot: patchSchema.optional() })
      .describe(
        'changes to the summary and the snapshot held: `[value]` sets a value, `[]` removes an entry, an object changes the entries (of an array: items by index, `"-": [length]` cuts it, `"+": [[items]]` appends)',
      ),
  }) satisfies z.ZodType<RoomDelta>,
  'server:error': errorReplySchema,
  'room:rejoin': z.strictObject({
    roomId: roomIdSchema,
    matchId: matchIdSchema.describe('the match that just began'),
  }) satisfies z.ZodType<RoomRejoin>,
  'room:reaction': z.strictObject({
    from: z.union([seatSchema, z.literal('watcher')]).describe("the sender's seat, or 'watcher' for any watcher"),
    preset: z.enum(REACTION_PRESETS),
    at: z.number().int().describe('when the server sent it, ms since the epoch'),
  }) satisfies z.ZodType<RoomReaction>,
};

export const pushKeyReplySchema: z.ZodType<PushKeyReply> = z.strictObject({
  publicKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .describe('the VAPID public key (uncompressed P-256 point, base64url)'),
});

/**
 * The successful reply of each HTTP route, by `METHOD /path` (every 4xx and 5xx is an
 * `errorBodySchema`); `schema: null` for a reply without a body.
 */
/** GET /api/me/export: "Download my data". Matches as their public replay shows them (a running one: the public view). */
export const exportReplySchema = z.strictObject({
  exportedAt: z.string().describe('ISO 8601'),
  player: z.strictObject({ name: z.string(), createdAt: z.string() }),
  devices: z.array(deviceInfoSchema),
  matches: z.array(matchDetailSchema).describe('newest first'),
});
export type ExportReply = z.output<typeof exportReplySchema>;

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
