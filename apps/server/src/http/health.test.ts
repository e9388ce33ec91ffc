import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { FreezableProxy } from '../test-support/freezable-proxy';
import { startServer } from '../test-support/server';
import { until } from '../test-support/until';
import { useSharedRedis } from '../test-support/shared-redis';

// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

describe('liveness and readiness', () => {
  let db: TestDatabase;
  let pgProxy: FreezableProxy;
  let redisProxy: FreezableProxy;
  let app: App;
  let url: string;

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    const pg = new URL(db.config.databaseUrl!);
    const redis = new URL(REDIS_URL);
    pgProxy = await FreezableProxy.start({ host: pg.hostname, port: Number(pg.port || 5432) });
    redisProxy = await FreezableProxy.start({ host: redis.hostname, port: Number(redis.port || 6379) });
    pg.port = String(pgProxy.port);
    redis.port = String(redisProxy.port);
    ({ app, url } = await startServer(
      { ...db, config: { ...db.config, databaseUrl: pg.toString() } },
      { redisUrl: redis.toString() },
    ));
  });
  afterAll(async () => {
    pgProxy?.thaw();
    redisProxy?.thaw();
    await app?.close();
    await pgProxy?.close();
    await redisProxy?.close();
    await db?.drop();
  });

  const get = async (path: string) => {
    const res = await fetch(`${url}${path}`);
    return {
      status: res.status,
      body: (await res.json()) as { ok?: true; db?: string; error?: { code: string; message: string } },
    };
  };

  it('is live and ready while the database and Redis answer; /api/health is readiness', async () => {
    expect(await get('/api/health/live')).toEqual({ status: 200, body: { ok: true } });
    expect(await get('/api/health/ready')).toEqual({ status: 200, body: { ok: true, db: 'postgres' } });
    expect(await get('/api/health')).toEqual({ status: 200, body: { ok: true, db: 'postgres' } });
  });

  it('is not ready while the database hangs, says so in the uniform body, and is ready again once it answers', async () => {
    pgProxy.freeze();
    try {
      for (const path of ['/api/health/ready', '/api/health']) {
        const res = await get(path);
        expect(res.status, path).toBe(503);
        expect(res.body.error?.code).toBe('UNAVAILABLE');
        expect(res.body.error?.message).toMatch(/database/);
        expect(res.body.error?.message).not.toMatch(/Redis/);
      }
      expect((await get('/api/health/live')).status).toBe(200);
    } finally {
      pgProxy.thaw();
    }
    await until('ready again', async () => (await get('/api/health/ready')).status === 200, 20_000, 100);
  }, 60_000);

  it('is not ready while Redis hangs', async () => {
    redisProxy.freeze();
    try {
      const res = await get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.error?.message).toMatch(/Redis/);
      expect(res.body.error?.message).not.toMatch(/database/);
    } finally {
      redisProxy.thaw();
    }
    await until('ready again', async () => (await get('/api/health/ready')).status === 200, 20_000, 100);
  }, 60_000);

  it('is not ready once draining', async () => {
    const closing = app.close();
    const res = await app.http.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: 'SHUTTING_DOWN' } });
    await closing;
  });
});
