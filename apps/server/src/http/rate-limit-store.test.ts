import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { FreezableProxy } from '../test-support/freezable-proxy';
import { createRoom, startServer } from '../test-support/server';
import { useSharedRedis } from '../test-support/shared-redis';
import { until } from '../test-support/until';

// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

/** Rooms per window in this test: its window (as many seconds) outlasts the requests below. */
const BURST = 20;

describe('HTTP rate limits while Redis hangs', () => {
  let db: TestDatabase | undefined;
  let proxy: FreezableProxy | undefined;
  let app: App | undefined;
  const direct = createClient({ url: REDIS_URL });
  afterAll(async () => {
    proxy?.thaw();
    await app?.close();
    await proxy?.close();
    if (direct.isOpen) await direct.quit();
    await db?.drop();
  });

  it('count in this process at once, sending Redis nothing, from the first count it does not answer, and in Redis again once it answers', async () => {
    db = await freshDatabase('postgres');
    const redis = new URL(REDIS_URL);
    proxy = await FreezableProxy.start({ host: redis.hostname, port: Number(redis.port || 6379) });
    redis.port = String(proxy.port);
    const lines: string[] = [];
    let url: string;
    ({ app, url } = await startServer(
      db,
      { redisUrl: redis.toString(), roomCreateBurst: BURST, logLevel: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    ));
    const logged = (msg: string): boolean => lines.some((l) => l.includes(msg));
    await direct.connect();
    // The creation bound's counts (http/creation-limit.ts), whatever key @fastify/rate-limit makes of the address.
    const prefix = `mm:rate:create:${BURST}/${BURST * 1000}:`;
    const counted = async (): Promise<string[]> => direct.keys(`${prefix}*`);
    for (const key of await counted()) await direct.del(key);

    proxy.freeze();
    // The first count waits for Redis and is then made here; every one after it is made here at
    // once: the limit holds (per process) rather than every request being let through late.
    const statuses: number[] = [];
    for (let i = 0; i < BURST + 5; i++) statuses.push((await createRoom(url, { family: 'duel' })).status);
    expect(statuses).toEqual([...Array<number>(BURST).fill(201), ...Array<number>(5).fill(429)]);
    expect(logged('rate limits counted in this process alone')).toBe(true);

    proxy.thaw();
    await until('Redis counts again', async () => logged('rate limits counted in Redis again'));
    // Only the first count was ever sent to Redis (it arrives once the proxy lets it through).
    const [key, ...others] = await counted();
    expect(others).toEqual([]);
    expect(await direct.get(key!)).toBe('1');
    expect((await createRoom(url, { family: 'duel' })).status).toBe(201);
    expect(await direct.get(key!)).toBe('2');
    await direct.del(key!);
  }, 60_000);
});
