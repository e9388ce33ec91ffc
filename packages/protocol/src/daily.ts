import { z } from 'zod';

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
