// What a room and its match look like to a socket or a page: the snapshot of the match (with its
// commitments) and the room's summary, which HTTP replies, acknowledgements and events all carry.
import { z } from 'zod';
import { BOT_STRENGTHS, familyIdSchema, matchStatusSchema, matchViewSchema, seatSchema } from '@mm/rules';
import { roomChallengeSchema } from './challenges';
import type { Commitment } from './fairness';
import type { RoomSummary, SeatSummary } from './http';
import { matchIdSchema, roomIdSchema } from './ids';
import { dailyFlagSchema, hashSchema, isoDate } from './payload-parts';
import type { Snapshot } from './snapshot';

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
