// What every HTTP answer goes through before the routes: security headers (helmet) and
// per-address rate limits (@fastify/rate-limit), counted in Redis when several processes
// share one, so that N processes do not allow N times the limit.
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { createRedis, pingRedis, type Redis } from '../redis';
import { LocalWindows, redisStore, RedisWatch } from './rate-limit-store';

/**
 * The Content-Security-Policy of the app: scripts from this origin only (the built client has
 * no inline script; the service worker is a file of this origin), connections (the socket's
 * ws/wss included, which CSP level 3 counts as 'self') to this origin only, no framing, no plugins.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  workerSrc: ["'self'"],
  connectSrc: ["'self'"],
  // Svelte sets style attributes at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export interface Edge {
  /** a round trip to the rate limiter's Redis (readiness), when there is one */
  pingRedis?: () => Promise<unknown>;
  close(): Promise<void>;
}

/** HSTS when PUBLIC_URL is https: half a year, this host only (its subdomains are not ours to judge). */
const HSTS = { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false, preload: false };

export async function registerEdge(
  app: FastifyInstance,
  opts: { redisUrl?: string | undefined; /** PUBLIC_URL is https */ hsts: boolean },
): Promise<Edge> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers ignore HSTS over http; sent when the public origin is https (TLS ends at the proxy).
    strictTransportSecurity: opts.hsts ? HSTS : false,
    crossOriginEmbedderPolicy: false,
  });

  let redis: Redis | null = null;
  if (opts.redisUrl) {
    // Commands fail at once while Redis is away rather than queue (and hold requests) until it is back.
    redis = createRedis(opts.redisUrl, { disableOfflineQueue: true });
    redis.client.on('error', (err: unknown) => app.log.warn({ err }, 'rate-limit redis error'));
    await redis.client.connect();
  }
  const local = new LocalWindows();
  const watch = redis ? new RedisWatch(redis, local, app.log) : null;
  await app.register(rateLimit, {
    global: false,
    ...(redis && watch ? { store: redisStore(redis, watch, local) } : {}),
    // A store that fails anyway: serve rather than refuse everyone.
    skipOnError: true,
    errorResponseBuilder: (_req, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: `Too many requests: wait ${context.after}.`,
    }),
  });
  const client = redis;
  return {
    ...(client
      ? {
          // While disconnected the client would queue the PING until Redis is back: say so at once instead.
          pingRedis: () => pingRedis(client),
        }
      : {}),
    async close() {
      watch?.close();
      await client?.client.quit().catch(() => undefined);
    },
  };
}
