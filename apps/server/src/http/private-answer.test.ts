import { randomBytes } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER } from '@mm/protocol';
import { useServer } from '../test-support/server';
import { fakeDist } from '../test-support/web-dist';

const token = (): string => randomBytes(32).toString('base64url');

/**
 * The routes whose answers every device may share. Making a route public is a decision: it is
 * recorded here (the client's files, which @fastify/static registers one by one, aside).
 */
const PUBLIC_ROUTES = [
  'GET /',
  'GET /api/daily/commitments',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/passkeys',
  'GET /api/push/key',
  'GET /daily',
  'GET /daily/:n',
  'GET /history',
  'GET /m/:id',
  'GET /og/:file',
  'GET /r/:id',
];

interface Walked {
  method: string;
  url: string;
  public: boolean;
  /** a file of the built client (its route's config names it) */
  file: boolean;
}

describe('answers that may depend on the device token', () => {
  const routes: RouteOptions[] = [];
  const server = useServer(
    'postgres',
    { webDist: fakeDist(), metricsToken: 'a-metrics-token-of-the-test' },
    { onRoute: (route) => void routes.push(route) },
  );

  /**
   * Every route registered, one per method, read once registration is over (plugins finish later).
   * HEAD aside: Fastify makes one of each GET, with the GET's options and hooks (and no body to check).
   */
  const walked = (): Walked[] =>
    routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          url: route.url,
          public: route.config?.public === true,
          file: (route.config as { file?: unknown } | undefined)?.file !== undefined,
        })),
    );

  const request = (route: Walked, device: string | null): Promise<Response> => {
    // Any value for a parameter: the answer's headers are what is checked, whatever its status.
    const path = route.url.replace(/:[a-zA-Z]+/g, 'AAAAAAAAAAAAAAAA');
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
    return fetch(`${server.url}${path}`, {
      method: route.method,
      headers: {
        ...(device ? { [DEVICE_TOKEN_HEADER]: device } : {}),
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody ? { body: '{}' } : {}),
    });
  };

  it('are never stored and vary on the token, on every route not declared public, with a token or without', async () => {
    const privateRoutes = walked().filter((r) => !r.public);
    // The identity answers (a live link code among them) and the rest of the API are among them.
    for (const must of ['GET /api/me', 'GET /api/me/export', 'GET /api/me/stats', 'PUT /api/me/name', 'PUT /api/me/lang']) {
      expect(privateRoutes.map((r) => `${r.method} ${r.url}`)).toContain(must);
    }
    for (const must of ['POST /api/me/link-codes', 'POST /api/link', 'GET /api/matches', 'POST /api/rooms', 'GET /metrics']) {
      expect(privateRoutes.map((r) => `${r.method} ${r.url}`)).toContain(must);
    }
    const device = token();
    for (const route of privateRoutes) {
      for (const sent of [device, null]) {
        const res = await request(route, sent);
        const what = `${route.method} ${route.url} ${sent ? 'with' : 'without'} a token: ${res.status}`;
        expect(res.headers.get('cache-control'), what).toBe('no-store');
        expect(res.headers.get('vary')?.toLowerCase(), what).toContain(DEVICE_TOKEN_HEADER);
        await res.arrayBuffer();
      }
    }
  });

  it('are public only on the routes declared so, which stay cacheable', async () => {
    const declared = walked().filter((r) => r.public && !r.file);
    expect([...new Set(declared.map((r) => `${r.method} ${r.url}`))].sort()).toEqual(PUBLIC_ROUTES);
    const files = walked().filter((r) => r.file);
    expect(files.map((r) => r.url)).toContain('/sw.js');
    for (const route of [...declared, ...files].filter((r) => r.method === 'GET')) {
      const res = await request(route, token());
      expect(res.headers.get('cache-control'), `${route.method} ${route.url}`).not.toBe('no-store');
      await res.arrayBuffer();
    }
    // A page the client routes itself (no route here: the page is the answer to "not found") is the app's shell too.
    const fallback = await fetch(`${server.url}/me`, { headers: { [DEVICE_TOKEN_HEADER]: token() } });
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('cache-control')).not.toBe('no-store');
  });
});
