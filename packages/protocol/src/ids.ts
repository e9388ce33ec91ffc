import { z } from 'zod';

/** Room ids carry 96 random bits as 16 base64url characters. */
export const roomIdSchema = z.string().regex(/^[A-Za-z0-9_-]{11,32}$/, 'not a room id');
/** Match ids: as random and as long as room ids. */
export const matchIdSchema = z.string().regex(/^[A-Za-z0-9_-]{11,32}$/, 'not a match id');

/** A seat or device token: at least 128 random bits, base64url. */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'not a token');

/** A seat of a table: eight at most, in every family. */
export const seatIndexSchema = z.number().int().min(0).max(7);
