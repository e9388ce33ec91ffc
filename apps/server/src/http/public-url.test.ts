import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, configSchema } from '../config';
import { RawConnection } from '../test-support/raw-http';
import { useServer } from '../test-support/server';
import { fakeDist } from '../test-support/web-dist';

const dist = fakeDist();
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const SPOOFED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'javascript',
  'content-type': 'application/json',
};

describe('absolute links from PUBLIC_URL', () => {
  const server = useServer('postgres', {
    publicUrl: 'https://play.example.org',
    trustProxy: '1',
    webDist: dist,
  });

  it('builds the share link from PUBLIC_URL, whatever Host and X-Forwarded-* say', async () => {
    const res = await server.app.http.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: SPOOFED,
      payload: { family: 'duel' },
    });
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json<{ id: string; url: string }>();
    expect(url).toBe(`https://play.example.org/r/${id}`);

    const page = await server.app.http.inject({ method: 'GET', url: `/r/${id}`, headers: SPOOFED });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta property="og:url" content="https://play.example.org/r/${id}" />`);
    expect(page.body).toContain('<meta property="og:image" content="https://play.example.org/og/duel.png" />');
    expect(page.body).not.toContain('evil.example');
    expect(page.body).not.toContain('javascript:');
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const res = await server.app.http.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
  });

  it('answers a bad or missing Host 400 in the uniform body, and spends no room-creation token on it', async () => {
    // the limiter's own count, in a window far longer than this test
    const remaining = async () =>
      Number(
        (await server.app.http.inject({ method: 'POST', url: '/api/rooms', payload: { family: 'duel' } })).headers[
          'x-ratelimit-remaining'
        ],
      );
    const before = await remaining();
    for (const host of ['a<b', 'a b', 'evil.example/x']) {
      const res = await server.app.http.inject({
        method: 'POST',
        url: '/api/rooms',
        headers: { host, 'content-type': 'application/json' },
        payload: { family: 'duel' },
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toEqual({ error: { code: 'BAD_REQUEST', message: expect.stringMatching(/Host/) } });
    }
    const raw = await RawConnection.open(server.url);
    try {
      const res = await raw.sendRaw('GET /api/health HTTP/1.1\r\nConnection: keep-alive\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    } finally {
      raw.end();
    }
    expect(await remaining()).toBe(before - 1);
  });
});

describe('links without PUBLIC_URL (development, tests)', () => {
  const server = useServer('postgres', { trustProxy: '1' });

  it('default to http://localhost:<port>, never to the Host header, and send no HSTS', async () => {
    const port = new URL(server.url).port;
    const res = await server.app.http.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: SPOOFED,
      payload: { family: 'duel' },
    });
    const { id, url } = res.json<{ id: string; url: string }>();
    expect(url).toBe(`http://localhost:${port}/r/${id}`);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('trusts exactly the configured proxy hop: a client-written X-Forwarded-For entry beyond it changes nothing', async () => {
    // One hop trusted: the address is the proxy's last entry (nginx writes $remote_addr there); the entries before are the client's own.
    const create = (xff: string) =>
      server.app.http.inject({
        method: 'POST',
        url: '/api/rooms',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
        payload: { family: 'duel' },
      });
    const remaining = async (xff: string) => Number((await create(xff)).headers['x-ratelimit-remaining']);
    const first = await remaining('1.1.1.1, 203.0.113.7');
    expect(await remaining('2.2.2.2, 203.0.113.7')).toBe(first - 1);
    expect(await remaining('3.3.3.3, 203.0.113.7')).toBe(first - 2);
    // another real client address has a budget of its own
    expect(await remaining('203.0.113.8')).toBe(first);
  });
});

describe('PUBLIC_URL and TRUST_PROXY configuration', () => {
  it('refuses to start in production without PUBLIC_URL, in one clear line', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(/^PUBLIC_URL must be set when NODE_ENV=production/);
    expect(configFromEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://play.example.org/' }).publicUrl).toBe(
      'https://play.example.org',
    );
  });

  it('takes an http(s) origin only as PUBLIC_URL', () => {
    for (const bad of [
      'javascript://evil.example/',
      'ftp://a.example',
      'https://a.example/sub',
      'https://a.example/?x=1',
      'nope',
    ]) {
      expect(() => configFromEnv({ PUBLIC_URL: bad }), bad).toThrow(/^PUBLIC_URL/);
    }
  });

  it('reads TRUST_PROXY as a hop count or an address list, and refuses "true"', () => {
    expect(configSchema.parse({}).trustProxy).toBe(false);
    expect(configSchema.parse({ trustProxy: '0' }).trustProxy).toBe(false);
    expect(configSchema.parse({ trustProxy: '2' }).trustProxy).toBe(2);
    expect(configSchema.parse({ trustProxy: '10.0.0.1, 172.16.0.0/12,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
    ]);
    expect(() => configFromEnv({ TRUST_PROXY: 'true' })).toThrow(/^TRUST_PROXY=true would believe every/);
    expect(() => configFromEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(/^TRUST_PROXY: not an address/);
    expect(() => configFromEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/^TRUST_PROXY/);
  });
});
