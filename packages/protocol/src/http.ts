import { z } from 'zod';
import { duelOptionsSchema, type MatchStatus, FAMILY_IDS } from '@mm/rules';

/** POST /api/rooms */
export const createRoomBodySchema = z.discriminatedUnion('family', [
  z.object({ family: z.literal('duel'), options: duelOptionsSchema.default(duelOptionsSchema.parse({})) }).strict(),
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
