import { DEVICE_TOKEN_HEADER } from '@mm/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * For a route whose answer depends on the device token header (its matches, its push
 * subscriptions, a room it creates): never stored by a browser or a shared cache, and a cache
 * that stores anyway keys it by the token. Set on every answer of the route, errors included.
 */
export async function privateAnswer(_req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store').header('vary', DEVICE_TOKEN_HEADER);
}
