import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { httpError } from '../errors';
import type { Metrics } from './metrics';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Whether `header` is `Bearer <token>`, compared in constant time (both hashed: equal lengths). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** GET /metrics on the main server, to the holder of METRICS_TOKEN only. */
export function registerMetricsRoute(http: FastifyInstance, metrics: Metrics, token: string): void {
  http.get('/metrics', async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      return httpError(reply, 401, 'UNAUTHORIZED', 'Metrics need the Authorization: Bearer <METRICS_TOKEN> header.');
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/** A plain HTTP server for METRICS_PORT: GET /metrics, nothing else. */
export async function serveMetrics(
  metrics: Metrics,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      return res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Only GET /metrics here.' } }));
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () =>
        res
          .writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
          .end(JSON.stringify({ error: { code: 'INTERNAL', message: 'The server failed; nothing was changed.' } })),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** METRICS_PORT's server (none without a port): made with the app, listening from `start`. */
export function metricsEndpoint(
  metrics: Metrics | null,
  port: number | undefined,
  host: string,
): { start(): Promise<void>; port(): number | null; close(): Promise<void> } {
  let served: Awaited<ReturnType<typeof serveMetrics>> | null = null;
  return {
    async start() {
      if (metrics && port !== undefined) served ??= await serveMetrics(metrics, port, host);
    },
    port: () => served?.port ?? null,
    close: async () => served?.close(),
  };
}
