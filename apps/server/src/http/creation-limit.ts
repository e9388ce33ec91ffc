// The one per-address bound on what a caller can make for nothing: rooms, Code of the day attempts
// and new players all draw on it (ROOM_CREATE_BURST of them per that many seconds). A fresh device
// token per request is free, so counting per device would bound nothing; and separate counts per
// route would let an address make each kind up to the bound.
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../errors';
import { optionalDevice } from './device';

/**
 * The routes whose request makes the player of a device never seen (`ensurePlayer`): the player's
 * own (`/api/me…`), linking and passkeys, and the daily reminder (a friend invitation's acceptance
 * takes the `newPlayer` hook itself: reading friends makes nobody). A daily attempt draws on the bound
 * every time, as a room does; a seat claimed on the socket needs a room, which is bounded already.
 */
export const MAKES_PLAYER = /^\/api\/(me|link|passkeys|daily\/reminder)(\/|$)/;

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

export interface CreationLimit {
  /** counts the request against its address's bound, answering 429 once it is spent: for routes that make something each time */
  each: Hook;
  /**
   * counts the request only when the device it names has no player yet, so its route would make one;
   * requests without a device (or of a known one) pass uncounted
   */
  newPlayer: Hook;
}

/**
 * Counted by the rate limiter's store (edge.ts: in Redis across processes with REDIS_URL), under one
 * key per address for every route that draws on it. Through `createRateLimit`, not a route's own
 * limit: a route's limit counts apart from every other route's without Redis, and only the first
 * limit of a request runs.
 */
export function creationLimit(
  app: FastifyInstance,
  burst: number,
  isKnownDevice: (deviceId: string) => Promise<boolean>,
): CreationLimit {
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
  return {
    each,
    async newPlayer(req, reply) {
      const deviceId = optionalDevice(req);
      if (deviceId === null || (await isKnownDevice(deviceId))) return undefined;
      return each(req, reply);
    },
  };
}
