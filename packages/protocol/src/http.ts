import { z } from 'zod';
import {
  duelOptionsSchema,
  FAMILY_IDS,
  mm44OptionsSchema,
  parkerOptionsSchema,
  rotationOptionsSchema,
  type MatchStatus,
} from '@mm/rules';

/** POST /api/rooms. Options may be left out entirely: `prefault` parses `{}`, so every field gets its default. */
export const createRoomBodySchema = z.discriminatedUnion('family', [
  z.object({ family: z.literal('duel'), options: duelOptionsSchema.prefault({}) }).strict(),
  z.object({ family: z.literal('rotation'), options: rotationOptionsSchema.prefault({}) }).strict(),
  z.object({ family: z.literal('parker'), options: parkerOptionsSchema.prefault({}) }).strict(),
  z.object({ family: z.literal('mm44'), options: mm44OptionsSchema.prefault({}) }).strict(),
]);
export type CreateRoomBody = z.input<typeof createRoomBodySchema>;

/** Room ids carry 96 random bits as 16 base64url characters. */
export const roomIdSchema = z.string().regex(/^[A-Za-z0-9_-]{11,32}$/, 'not a room id');

export interface CreateRoomReply {
  id: string;
  url: string;
}

export interface SeatSummary {
  index: number;
  name: string | null;
  connected: boolean;
}

/** GET /api/rooms/:id and in every room update: public, never hidden information. */
export interface RoomSummary {
  id: string;
  family: (typeof FAMILY_IDS)[number];
  options: Record<string, unknown>;
  seats: SeatSummary[];
  spectators: number;
  status: MatchStatus;
  createdAt: string;
}

export interface HealthReply {
  ok: true;
  db: 'embedded' | 'postgres';
}
