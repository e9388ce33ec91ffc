import { DEVICE_TOKEN_HEADER } from '@mm/protocol';
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answers are the same for every device (they never read the device token), so
     * browsers and shared caches may keep them. Unset: the route is private.
     */
    public?: boolean;
  }
}

/** Route options of a route whose answers every device may share: `app.get(url, PUBLIC, handler)`. */
export const PUBLIC = { config: { public: true } } as const;

/**
 * Private unless declared public: an answer that may depend on the device token (a player's name,
 * their matches, a live link code) is never stored by a browser or a shared cache, and a cache that
 * stores anyway keys it by the token. Decided once here, so a route added without a thought is safe.
 *
 * Runs before every other hook (app.ts adds it first), so that every answer of a private route
 * carries it, a 429, a 503 or a 400 included: a cache must not keep "no token" for the next device
 * either. An answer to no route (404) depends on nobody's token and is left alone.
 */
export function privateUnlessPublic(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.url === undefined || req.routeOptions.config.public === true) return;
    privateHeaders(reply);
  });
}

function privateHeaders(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store').header('vary', DEVICE_TOKEN_HEADER);
}

/**
 * For routes a plugin registers without a way to pass their config (@fastify/static's files):
 * add as an onRoute hook of the plugin's own scope to declare every route it makes public.
 */
export function declarePublic(route: RouteOptions): void {
  route.config = { ...route.config, public: true };
}
