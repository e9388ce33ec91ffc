import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { kill, spawnServer } from '../test-support/process';
import { createRoom, startServer, useServer } from '../test-support/server';
import { useSharedRedis } from '../test-support/shared-redis';

// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

describe('security headers', () => {
  const server = useServer('postgres');

  it('sends a CSP with scripts from this origin only, no framing, nosniff and a referrer policy', async () => {
    for (const path of ['/api/health', '/api/rooms/AAAAAAAAAAAAAAAA']) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers health checks 503, in the API error shape, once it is shutting down', async () => {
    const closing = server.app.close();
    const res = await server.app.http.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: 'SHUTTING_DOWN' } });
    expect(res.headers['connection']).toBe('close');
    await closing;
  });
});

describe('HTTP rate limits shared through Redis', () => {
  let db: TestDatabase;
  const apps: App[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  it('counts one address across every process: two processes allow the limit, not twice it', async () => {
    db = await freshDatabase('postgres');
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { app, url } = await startServer(db, { redisUrl: REDIS_URL, roomCreateBurst: 4 });
      apps.push(app);
      urls.push(url);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await createRoom(urls[i % 2]!, { family: 'duel' })).status);
    // Another run of the suite within the window would share the count: a fresh window is at most 4 in.
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
    const limited = await createRoom(urls[0]!, { family: 'duel' });
    expect(limited).toMatchObject({ status: 429, json: { error: { code: 'RATE_LIMITED' } } });
  });
});

describe('a second server on a locked data folder', () => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) await kill(c);
    await db?.drop();
  });

  it('says so in one line and exits with code 1', async () => {
    db = await freshDatabase('embedded');
    const first = await spawnServer({ DATA_DIR: db.config.dataDir });
    children.push(first.child);
    const second = spawn(process.execPath, [fileURLToPath(new URL('../../dist/main.js', import.meta.url))], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: db.config.dataDir, WEB_DIST: '/nonexistent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(second);
    let out = '';
    second.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    second.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    const lines = out.split('\n').filter((l) => l.trim() !== '' && !l.includes('Deprecation') && !l.includes('--trace-warnings'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start: .* is in use by another process \(pid \d+/);
  });
});
