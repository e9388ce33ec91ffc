// What the server sends on a socket: the acknowledgement of each client message and the payload of
// each server → client event.
import { z } from 'zod';
import { seatSchema, shownCodeSchema } from '@mm/rules';
import { ERROR_CODES, type ErrorReply } from './errors';
import { matchIdSchema, roomIdSchema } from './ids';
import { REACTION_PRESETS } from './constants';
import type { Patch } from './delta';
import { ok } from './payload-parts';
import { roomSummarySchema, snapshotSchema } from './room-payloads';
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
