import { buildApp, type App, type AppExtras } from '../app';
import type { ConfigInput } from '../config';
import { afterAll, beforeAll } from 'vitest';
import { freshDatabase, type TestDatabase } from './databases';
import { PgProxy } from './pg-proxy';
import { checkHttpReplies } from './published-schemas';

/**
 * Every test socket comes from 127.0.0.1: the per-address bounds are lifted unless a test sets them
 * (the tests of those bounds do).
 */
export const UNBOUNDED_ADDRESS: ConfigInput = { socketsPerIp: 100_000, joinBurstPerIp: 100_000, joinsPerSecPerIp: 100_000 };

/** The real app on a free port, quiet, without the web client. */
export async function startServer(
  db: TestDatabase,
  config: ConfigInput = {},
  extras: AppExtras = {},
): Promise<{ app: App; url: string }> {
  const app = await buildApp(
    {
      ...db.config,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      roomCreateBurst: 1000,
      // A simultaneous start's countdown: the tests of it set their own.
      startCountdownMs: 50,
      ...UNBOUNDED_ADDRESS,
      ...config,
    },
    extras,
  );
  checkHttpReplies(app.http);
  const url = await app.listen();
  return { app, url };
}

export async function createRoom(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/**
 * Registers beforeAll/afterAll that run the app on a database of its own for the
 * calling test file; read `.app` and `.url` inside tests.
 */
export function useServer(
  kind: 'embedded' | 'postgres',
  config: ConfigInput = {},
  extras: AppExtras = {},
): { app: App; url: string } {
  const ctx = {} as { app: App; url: string; db: TestDatabase };
  beforeAll(async () => {
    ctx.db = await freshDatabase(kind);
    Object.assign(ctx, await startServer(ctx.db, config, extras));
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.drop();
  });
  return ctx;
}

/**
 * Registers beforeAll/afterAll that run `count` processes of the app (in this one) on one
 * PostgreSQL database of their own, as a deployment at scale does; read the nodes inside tests.
 */
export function useServers(count: number, config: ConfigInput = {}): { app: App; url: string }[] {
  const nodes: { app: App; url: string }[] = [];
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    for (let i = 0; i < count; i++) nodes.push(await startServer(db, config));
  });
  afterAll(async () => {
    for (const node of nodes) await node.app.close();
    await db?.drop();
  });
  return nodes;
}

/**
 * Registers beforeAll/afterAll that run the app on a PostgreSQL database of its own reached through
 * a PgProxy, which the test freezes, cuts and opens; read the fields inside tests (`db` is reached directly).
 */
export function useServerBehindProxy(config: ConfigInput = {}): { app: App; url: string; proxy: PgProxy; db: TestDatabase } {
  const ctx = {} as { app: App; url: string; proxy: PgProxy; db: TestDatabase };
  beforeAll(async () => {
    ctx.db = await freshDatabase('postgres');
    ctx.proxy = await PgProxy.start();
    const viaProxy = { ...ctx.db, config: { ...ctx.db.config, databaseUrl: ctx.proxy.urlFor(ctx.db.config.databaseUrl!) } };
    Object.assign(ctx, await startServer(viaProxy, config));
  }, 60_000);
  afterAll(async () => {
    ctx.proxy?.open();
    await ctx.app?.close();
    await ctx.proxy?.close();
    await ctx.db?.drop();
  });
  return ctx;
}
