import { z } from 'zod';
import { UTC_OFFSET_MINUTES, type DailyStats } from '@mm/rules/pure';
import { roomIdSchema, tokenSchema } from './ids';

/** A day's published commitment: `sha256hex(dailyPreimage(n, salt, code))` (fairness.ts). */
export interface DailyCommitment {
  n: number;
  /** the local date on which puzzle `n` is played, YYYY-MM-DD */
  date: string;
  commitment: string;
}

/** A day that has ended everywhere: its code and salt, which open its commitment. */
export interface DailyReveal extends DailyCommitment {
  code: number[];
  salt: string;
}

/** `GET /api/daily/commitments` (docs/rules.md, the Code of the day). */
export interface DailyCommitmentsReply {
  /** the date of puzzle #1 */
  firstDay: string;
  /** the puzzle numbers that are today's date somewhere on Earth now */
  playable: { min: number; max: number };
  /** every day not yet revealed, up to 30 days after the latest playable one */
  upcoming: DailyCommitment[];
  /** every day that has ended everywhere, oldest first */
  revealed: DailyReveal[];
}

const puzzleNumberSchema = z.number().int().min(1);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const hexSchema = z.string().regex(/^[0-9a-f]{64}$/);

const dailyCommitmentSchema = z.strictObject({
  n: puzzleNumberSchema,
  date: dateSchema,
  commitment: hexSchema.describe('sha256hex("daily:" + n + ":" + salt + ":" + JSON.stringify(code))'),
}) satisfies z.ZodType<DailyCommitment>;

export const dailyCommitmentsReplySchema = z.strictObject({
  firstDay: dateSchema,
  playable: z.strictObject({ min: puzzleNumberSchema, max: puzzleNumberSchema }),
  upcoming: z.array(dailyCommitmentSchema).describe("today's commitments and the next 30 days'"),
  revealed: z
    .array(
      dailyCommitmentSchema.extend({
        code: z.array(z.number().int().min(0).max(5)).length(4),
        salt: hexSchema,
      }),
    )
    .describe('code and salt of every day that has ended everywhere (day N at N+1 12:00 UTC)'),
}) satisfies z.ZodType<DailyCommitmentsReply>;

// A player's attempt at the Code of the day (docs/protocol.md, "The Code of the day"). The game
// itself is an ordinary one-seat race room: these calls only find or make it, and count results.

/**
 * Where an attempt stands: still playing, ended by breaking the code or running out of rows, or
 * left unfinished when the puzzle was revealed (its room then refuses every move: a loss for streaks).
 */
export const DAILY_STATUSES = ['playing', 'won', 'lost', 'unfinished'] as const;
export type DailyStatus = (typeof DAILY_STATUSES)[number];
const dailyStatusSchema = z.enum(DAILY_STATUSES);
const finishedStatusSchema = z.enum(['won', 'lost']);
/** The daily's rows: 10 at most (DAILY_RULES.maxGuesses). */
const rowsSchema = z.number().int().min(0).max(10);
/** A puzzle number in a query or path. */
const puzzleNumberParam = z.coerce.number().int().min(1).max(1_000_000);

/** POST /api/daily/attempt: start puzzle `n` (hard mode chosen now, never later). */
export const dailyAttemptBodySchema = z.strictObject({
  n: puzzleNumberSchema.max(1_000_000).describe("the puzzle number of the player's local date"),
  hard: z.boolean().describe('every guess must be consistent with every answer so far'),
});
export type DailyAttemptBody = z.input<typeof dailyAttemptBodySchema>;

/** GET /api/daily/attempt?n=N */
export const dailyAttemptQuerySchema = z.strictObject({ n: puzzleNumberParam });
/** GET /api/daily/:n/summary */
export const dailyParamsSchema = z.strictObject({ n: puzzleNumberParam });

export const dailyAttemptSchema = z.strictObject({
  n: puzzleNumberSchema,
  date: dateSchema.describe('the local date of puzzle n'),
  roomId: roomIdSchema.describe('a private one-seat race room: join it on the socket with seatToken'),
  seat: z.literal(0),
  seatToken: tokenSchema,
  hard: z.boolean(),
  status: dailyStatusSchema,
  guesses: rowsSchema.describe('rows used so far'),
});
export type DailyAttempt = z.output<typeof dailyAttemptSchema>;

/** GET /api/daily/attempt?n=N */
export const dailyAttemptReplySchema = z.strictObject({ attempt: dailyAttemptSchema.nullable() });
export type DailyAttemptReply = z.output<typeof dailyAttemptReplySchema>;

/** The statistics of `dailyStats` (packages/rules/src/core/daily-stats.ts). */
export const dailyStatsSchema = z.strictObject({
  played: z.number().int().min(0),
  winPercent: z.number().int().min(0).max(100),
  currentStreak: z.number().int().min(0).describe('consecutive puzzle numbers won up to today (or yesterday)'),
  longestStreak: z.number().int().min(0),
  distribution: z.array(z.number().int().min(0)).length(10).describe('index i: attempts won in i + 1 rows'),
  lost: z.number().int().min(0),
}) satisfies z.ZodType<DailyStats>;

/** GET /api/daily/me: the player's attempts (newest first) and statistics. */
export const dailyMeReplySchema = z.strictObject({
  attempts: z
    .array(z.strictObject({ n: puzzleNumberSchema, hard: z.boolean(), status: dailyStatusSchema, guesses: rowsSchema }))
    .describe('newest first'),
  stats: dailyStatsSchema,
});
export type DailyMeReply = z.output<typeof dailyMeReplySchema>;

/** GET /api/daily/:n/summary: aggregate counts only, and the caller's friends' results. */
export const dailySummaryReplySchema = z.strictObject({
  n: puzzleNumberSchema,
  played: z.number().int().min(0).describe('attempts at n that have ended'),
  distribution: z
    .array(z.number().int().min(0))
    .length(11)
    .describe('index i < 10: attempts won in i + 1 rows; index 10: attempts lost'),
  friends: z
    .array(z.strictObject({ name: z.string(), status: finishedStatusSchema, guesses: rowsSchema, hard: z.boolean() }))
    .describe('players who shared a room with the caller in the last 30 days and have finished n'),
});
export type DailySummaryReply = z.output<typeof dailySummaryReplySchema>;

/** PUT /api/daily/reminder and its reply (GET too): a push at `hour` local time; null: off. */
export const dailyReminderSchema = z.strictObject({
  hour: z.number().int().min(0).max(23).nullable().describe('local hour of the reminder; null: no reminder'),
  utcOffsetMinutes: z
    .number()
    .int()
    .min(UTC_OFFSET_MINUTES.min)
    .max(UTC_OFFSET_MINUTES.max)
    .describe('the local time minus UTC, in minutes (UTC+2: 120)'),
});
export type DailyReminder = z.output<typeof dailyReminderSchema>;
