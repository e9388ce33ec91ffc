// The one per-address bound on what a caller can make for nothing: rooms, Code of the day attempts
// and new players all draw on it (ROOM_CREATE_BURST of them per that many seconds). A fresh device
// token per request is free, so counting per device would bound nothing; and separate counts per
// route would let an address make each kind up to the bound.
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../errors';

/**
 * The routes whose request makes the player of a device never seen (`ensurePlayer`): the player's
 * own (`/api/me…`), linking and passkeys, the daily reminder, a friend invitation's acceptance and joining a group
 * (reading friends makes nobody). Their first request of such a device draws on the bound
 * (http/principal.ts, which resolves the device). A daily attempt draws on the bound every time, as
 * a room does; a seat claimed on the socket needs a room, which is bounded already.
 */
export const MAKES_PLAYER = /^\/api\/(me|link|passkeys|daily\/reminder|friends\/invites\/accept|groups\/join)(\/|$)/;

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

export interface CreationLimit {
  /** counts the request against its address's bound, answering 429 once it is spent: for routes that make something each time */
  each: Hook;
}

/**
 * Counted by the rate limiter's store (edge.ts: in Redis across processes with REDIS_URL), under one
 * key per address for every route that draws on it. Through `createRateLimit`, not a route's own
 * limit: a route's limit counts apart from every other route's without Redis, and only the first
 * limit of a request runs.
 */
export function creationLimit(app: FastifyInstance, burst: number): CreationLimit {
  const options: CreateRateLimitOptions & { groupId: string } = { max: burst, timeWindow: burst * 1000, groupId: 'create' };
  const count = app.createRateLimit(options);
  const each: Hook = async (req, reply) => {
    const counted = await count(req);
    if (counted.isAllowed || !counted.isExceeded) return undefined;
    return httpError(
      reply,
      429,
      'RATE_LIMITED',
      `Too many rooms, daily attempts or new players from this address: wait ${counted.ttlInSeconds} s.`,
    );
  };
  return { each };
}
