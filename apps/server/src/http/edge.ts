// What every HTTP answer goes through before the routes: security headers (helmet) and
// per-address rate limits (@fastify/rate-limit), counted in Redis when several processes
// share one, so that N processes do not allow N times the limit.
import helmet from '@fastify/helmet';
import rateLimit, { type FastifyRateLimitOptions, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { createRedis, pingRedis, type Redis } from '../redis';

/** How long a request waits for its count in Redis before it is served uncounted. */
const STORE_TIMEOUT_MS = 500;
type Counted = { current: number; ttl: number };

/** One hit on a window's key: its count and the ms left of its window (one key: one slot of a cluster). */
function countHit(redis: Redis, name: string, windowMs: number): Promise<unknown[]> {
  return redis.cluster
    ? redis.client.multi(name).incr(name).pExpire(name, windowMs, 'NX').pTTL(name).exec()
    : redis.client.multi().incr(name).pExpire(name, windowMs, 'NX').pTTL(name).exec();
}

/**
 * A fixed window per key: INCR, and the window's expiry set by the first hit only. Each limit
 * (its group, size and window) counts under keys of its own, so processes with the same
 * configuration share counts and a changed limit starts afresh.
 */
function redisStore(redis: Redis): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  return class RedisWindowStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(options: FastifyRateLimitOptions & { groupId?: string; max?: unknown; timeWindow?: unknown }) {
      const size = typeof options.max === 'number' ? options.max : 'fn';
      const window = typeof options.timeWindow === 'number' ? options.timeWindow : 'fn';
      this.prefix = `mm:rate:${options.groupId ?? 'all'}:${size}/${window}:`;
    }
    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow?: number): void {
      const name = this.prefix + key;
      // A frozen Redis must not hold the request: past a short wait the limiter fails open (skipOnError).
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('rate-limit store timed out')), STORE_TIMEOUT_MS);
      });
      Promise.race([countHit(redis, name, timeWindow ?? 60_000), late])
        .finally(() => clearTimeout(timer))
        .then((replies) => callback(null, { current: Number(replies[0]), ttl: Math.max(0, Number(replies[2])) }))
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    }
    child(options: FastifyRateLimitOptions & { groupId?: string; max?: unknown; timeWindow?: unknown }): FastifyRateLimitStore {
      return new RedisWindowStore(options);
    }
  };
}

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
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisStore(redis) } : {}),
    // Redis unreachable: serve rather than refuse everyone.
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
      await client?.client.quit().catch(() => undefined);
    },
  };
}
