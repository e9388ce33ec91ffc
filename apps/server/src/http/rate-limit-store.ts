// The rate limiter's counts: in Redis, shared by every process, while Redis answers; in this
// process alone from the moment it does not, until it answers again.
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { pingRedis, type Redis } from '../redis';

type Counted = { current: number; ttl: number };
type StoreOptions = FastifyRateLimitOptions & { groupId?: string; max?: unknown; timeWindow?: unknown };

/** How long a request waits for its count in Redis before Redis is taken for down. */
export const STORE_TIMEOUT_MS = 500;
/** While Redis is down: how often it is asked (PING) whether it is back. */
export const PROBE_EVERY_MS = 1000;
/** The most windows counted locally at once (one per address and limit): an outage costs bounded memory. */
const MAX_LOCAL_WINDOWS = 10_000;

/** Fixed windows counted in this process alone. */
export class LocalWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  incr(name: string, windowMs: number): Counted {
    const now = Date.now();
    let window = this.windows.get(name);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= MAX_LOCAL_WINDOWS) this.prune(now);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(name, window);
    }
    window.count++;
    return { current: window.count, ttl: window.endsAt - now };
  }

  clear(): void {
    this.windows.clear();
  }

  /** Expired windows go; if that is not enough, the oldest (a Map keeps insertion order). */
  private prune(now: number): void {
    for (const [name, w] of this.windows) if (w.endsAt <= now) this.windows.delete(name);
    for (const name of this.windows.keys()) {
      if (this.windows.size < MAX_LOCAL_WINDOWS) break;
      this.windows.delete(name);
    }
  }
}

/**
 * Whether the limiter counts in Redis. One count that fails or outlasts STORE_TIMEOUT_MS (a frozen
 * Redis holds its connection open and answers nothing) is enough: every request after it is
 * counted locally at once, rather than each waiting the timeout, and a PING every PROBE_EVERY_MS
 * says when Redis is back. A client that knows its connection is gone says so at once too.
 */
export class RedisWatch {
  private down = false;
  private probe: NodeJS.Timeout | null = null;
  private ping: Promise<boolean> | null = null;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly local: LocalWindows,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.client.on('error', () => this.failed());
    redis.client.on('end', () => this.failed());
  }

  get isDown(): boolean {
    return this.down;
  }

  failed(): void {
    if (this.down || this.closed) return;
    this.down = true;
    this.log.warn('rate limits counted in this process alone: Redis does not answer');
    this.schedule();
  }

  close(): void {
    this.closed = true;
    if (this.probe) clearTimeout(this.probe);
  }

  private schedule(): void {
    this.probe = setTimeout(() => void this.check(), PROBE_EVERY_MS);
    this.probe.unref();
  }

  private async check(): Promise<void> {
    if (this.closed) return;
    // A PING still unanswered (Redis frozen) is waited for again, never sent anew: they would pile up.
    this.ping ??= pingRedis(this.redis).then(
      () => true,
      () => false,
    );
    const ping = this.ping;
    void ping.finally(() => {
      if (this.ping === ping) this.ping = null;
    });
    const back = await within(ping, STORE_TIMEOUT_MS).catch(() => false);
    if (this.closed) return;
    if (!back) return this.schedule();
    this.down = false;
    // Counts begin again from Redis's: the local ones are of an outage now over.
    this.local.clear();
    this.log.info('rate limits counted in Redis again');
  }
}

/** `answer`, or a rejection once `ms` have passed. */
function within<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/** One hit on a window's key: its count and the ms left of its window (one key: one slot of a cluster). */
function countHit(redis: Redis, name: string, windowMs: number): Promise<unknown[]> {
  return redis.cluster
    ? redis.client.multi(name).incr(name).pExpire(name, windowMs, 'NX').pTTL(name).exec()
    : redis.client.multi().incr(name).pExpire(name, windowMs, 'NX').pTTL(name).exec();
}

/**
 * A fixed window per key: INCR, and the window's expiry set by the first hit only. Each limit
 * (its group, size and window) counts under keys of its own, so processes with the same
 * configuration share counts and a changed limit starts afresh. While `watch` says Redis is down,
 * counted in `local`.
 */
export function redisStore(
  redis: Redis,
  watch: RedisWatch,
  local: LocalWindows,
): new (options: FastifyRateLimitOptions) => FastifyRateLimitStore {
  return class RedisWindowStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(options: StoreOptions) {
      const size = typeof options.max === 'number' ? options.max : 'fn';
      const window = typeof options.timeWindow === 'number' ? options.timeWindow : 'fn';
      this.prefix = `mm:rate:${options.groupId ?? 'all'}:${size}/${window}:`;
    }
    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow = 60_000): void {
      const name = this.prefix + key;
      if (watch.isDown) return callback(null, local.incr(name, timeWindow));
      within(countHit(redis, name, timeWindow), STORE_TIMEOUT_MS).then(
        (replies) => callback(null, { current: Number(replies[0]), ttl: Math.max(0, Number(replies[2])) }),
        () => {
          watch.failed();
          callback(null, local.incr(name, timeWindow));
        },
      );
    }
    child(options: StoreOptions): FastifyRateLimitStore {
      return new RedisWindowStore(options);
    }
  };
}
