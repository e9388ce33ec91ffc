import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mm/protocol';
import { buildApp, type App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { RawConnection } from '../test-support/raw-http';
import { fakeDist } from '../test-support/web-dist';

// The server as `npm start` builds it: with the web client's files (a miniature of them), whose
// routes are registered before the API's — the shape where handlers set late once went missing.
const dist = fakeDist();
let db: TestDatabase;
let app: App;
let url: string;
const BURST = 20;

beforeAll(async () => {
  db = await freshDatabase('postgres');
  app = await buildApp({ ...db.config, port: 0, host: '127.0.0.1', logLevel: 'silent', webDist: dist, roomCreateBurst: BURST });
  // A route that fails as a database would (its message must not reach the client).
  app.http.get('/api/test-only/fails', async () => {
    throw new TypeError('Cannot read properties of undefined (reading "seats") at /srv/app/dist/main.js:1:2');
  });
  app.http.get('/api/test-only/db-away', async () => {
    throw Object.assign(new Error("Invalid prisma.room.create() invocation: Can't reach database server at 127.0.0.1:5432"), {
      code: 'P1001',
    });
  });
  url = await app.listen();
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
  rmSync(dist, { recursive: true, force: true });
});

/** A body in the documented shape, with `code`, and nothing of Fastify's or Node's own. */
function expectUniform(body: string, code: string): void {
  const parsed: unknown = JSON.parse(body);
  expect(errorBodySchema.safeParse(parsed).success, body).toBe(true);
  expect((parsed as { error: { code: string } }).error.code, body).toBe(code);
  expect(body).not.toMatch(/statusCode|FST_|prisma|P1001|127\.0\.0\.1|Buffer|readUInt/);
  expect(body.length, body).toBeLessThan(300);
}

const post = (path: string, body: string | Buffer, contentType = 'application/json') =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('every HTTP error in the documented body, on the server built like production', () => {
  it('404 for a path nothing answers, and 405 for a method its path does not take', async () => {
    const missing = await fetch(`${url}/api/nothing`);
    expect(missing.status).toBe(404);
    expectUniform(await missing.text(), 'NOT_FOUND');
    const wrongMethod = await fetch(`${url}/api/rooms`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expectUniform(await wrongMethod.text(), 'METHOD_NOT_ALLOWED');
  });

  it('400 for malformed or empty JSON, and a short one for a binary body', async () => {
    for (const body of ['{"family":', '']) {
      const res = await post('/api/rooms', body);
      expect(res.status, body).toBe(400);
      expectUniform(await res.text(), 'BAD_REQUEST');
    }
    const binary = await post('/api/rooms', randomBytes(2000));
    expect(binary.status).toBe(400);
    expectUniform(await binary.text(), 'BAD_REQUEST');
  });

  it('415 for a body that is not JSON', async () => {
    for (const type of ['application/octet-stream', 'text/xml', 'multipart/form-data; boundary=x']) {
      const res = await post('/api/rooms', randomBytes(100), type);
      expect(res.status, type).toBe(415);
      expectUniform(await res.text(), 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('413 for a body over the limit', async () => {
    const res = await post('/api/rooms', JSON.stringify({ family: 'duel', pad: 'x'.repeat(40_000) }));
    expect(res.status).toBe(413);
    expectUniform(await res.text(), 'PAYLOAD_TOO_LARGE');
  });

  it('400 for a URL that does not decode, and a dot-segment path answers in the same shape', async () => {
    const raw = await RawConnection.open(url);
    try {
      const bad = await raw.request('GET', '/api/rooms/%E0%A4%A').response;
      expect(bad.status).toBe(400);
      expectUniform(bad.body, 'BAD_REQUEST');
      for (const path of ['/api/../api/nothing', '/api/rooms/../../etc/passwd', '/api/%2e%2e/%2e%2e/etc/passwd']) {
        const dots = await raw.request('GET', path).response;
        expect(dots.status, path).toBeGreaterThanOrEqual(400);
        expect(dots.status, path).toBeLessThan(500);
        expectUniform(dots.body, dots.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      }
    } finally {
      raw.end();
    }
  });

  it('431 and 400 from Node before Fastify: headers over the limit, a malformed request line', async () => {
    const big = await RawConnection.open(url);
    const tooLarge = await big.sendRaw(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Pad: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(tooLarge.status).toBe(431);
    expect(tooLarge.headers['connection']).toBe('close');
    expectUniform(tooLarge.body, 'HEADERS_TOO_LARGE');
    const garbled = await RawConnection.open(url);
    const malformed = await garbled.sendRaw('GET /api/health HTTP/9.9 what\r\n\r\n');
    expect(malformed.status).toBe(400);
    expectUniform(malformed.body, 'BAD_REQUEST');
    await Promise.all([big.closed, garbled.closed]);
  });

  it('429 from the rate limiter', async () => {
    const statuses: number[] = [];
    // bodies refused unread: the limit is counted before the body
    for (let i = 0; i <= BURST; i++) {
      const res = await post('/api/rooms', '{}');
      statuses.push(res.status);
      if (res.status === 429) expectUniform(await res.text(), 'RATE_LIMITED');
      else await res.text();
    }
    expect(statuses).toContain(429);
  });

  it('a generic 500 that says nothing of the failure (it is in the log)', async () => {
    const res = await fetch(`${url}/api/test-only/fails`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expectUniform(body, 'INTERNAL');
    expect(JSON.parse(body)).toEqual({ error: { code: 'INTERNAL', message: 'The server failed; nothing was changed.' } });
  });

  it('a 503 UNAVAILABLE when the database is away, that says nothing of it either', async () => {
    const res = await fetch(`${url}/api/test-only/db-away`);
    expect(res.status).toBe(503);
    const body = await res.text();
    expectUniform(body, 'UNAVAILABLE');
    expect(body).not.toMatch(/prisma|127\.0\.0\.1|P1001/i);
  });

  it('still serves the web app for a page path and its files', async () => {
    expect((await fetch(`${url}/r/AAAAAAAAAAAAAAAA`)).headers.get('content-type')).toMatch(/^text\/html/);
    expect((await fetch(`${url}/assets/app-abc123.js`)).status).toBe(200);
  });
});
