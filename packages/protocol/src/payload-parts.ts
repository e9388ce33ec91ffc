// Pieces several payload schemas share (kept out of the public exports).
import { z } from 'zod';

export const ok = z.literal(true);
export const isoDate = z.string().describe('an ISO 8601 date-time');
export const hashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .describe('SHA-256, lower-case hex');

/** A Code of the day's room or match: its puzzle number; absent for any other (one flag, asked of the room, never inferred). */
export const dailyFlagSchema = z.number().int().min(1).optional();
