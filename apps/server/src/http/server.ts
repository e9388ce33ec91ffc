import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import type { IncomingMessage, Server as NodeServer, ServerResponse } from 'node:http';
import { proxyTrust, type Config } from '../config';
import { httpError } from '../errors';
import { clientErrorHandler, frameworkErrors, setErrorHandlers } from './error-replies';
import { shuttingDown } from './health';
import { privateUnlessPublic } from './private-answer';
import { isHealthCheck } from './routes';

/** A Host header as RFC 9110 allows it: a host name, IPv4 or [IPv6] address, and an optional port. */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::\d{1,5})?$/;
export const isHostHeader = (host: string | undefined): boolean => host !== undefined && HOST_HEADER.test(host);

export interface HttpServerDeps {
  /** the Node server Fastify answers on (made first, so that links can name its port before Fastify exists) */
  node: NodeServer;
  /** answers a page path no route names with the web app; null when no web client is served */
  sendPage: ((req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null;
  /** the process is shutting down: every new request answers 503 */
  draining: () => boolean;
  /** where log lines go instead of standard output (tests read them) */
  logStream?: { write(line: string): void } | undefined;
  /** told of every route as it is registered (the test that walks every route) */
  onRoute?: ((route: RouteOptions) => void) | undefined;
}

/**
 * Fastify with what every request goes through, before any route: the error shape, the privacy
 * default, the drain and Host checks and one log line per answer. Routes are registered by the caller.
 */
export function createHttpServer(config: Config, deps: HttpServerDeps): FastifyInstance {
  const http = Fastify<NodeServer, IncomingMessage, ServerResponse>({
    logger: { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    bodyLimit: 16 * 1024,
    // A hop count as proxy-addr reads one: the n nearest addresses are proxies (Fastify's types take no number).
    trustProxy: proxyTrust(config.trustProxy),
    // One line per answer (below), not Fastify's two; none for health checks at info.
    logController: new LogController({ disableRequestLogging: true }),
    // Answered by the hook below, in the API's error shape.
    return503OnClosing: false,
    // Node would answer a missing Host itself (400, empty body): the hook below answers it in the API's shape.
    serverFactory: (handler) => deps.node.on('request', handler),
    // What Node's parser or Fastify's router refuse before any route: in the uniform error body too.
    clientErrorHandler,
    frameworkErrors,
  });
  // Set before any route or plugin: a route keeps the handlers set when it was registered, so
  // set later they would miss the routes before them (the web client's, in production).
  setErrorHandlers(http, deps.sendPage);
  if (deps.onRoute) http.addHook('onRoute', deps.onRoute);
  // First of every hook: each answer of a route not declared public is private, whatever answers it.
  privateUnlessPublic(http);

  http.addHook('onRequest', async (_req, reply) => {
    if (deps.draining()) return shuttingDown(reply);
  });
  // Links never come from Host (PUBLIC_URL does), but a request without a sane one is no request
  // of ours: refused before any route or rate limit counts it.
  http.addHook('onRequest', async (req, reply) => {
    if (!isHostHeader(req.headers.host)) {
      return httpError(reply, 400, 'BAD_REQUEST', 'The Host header is missing or is not a host name.');
    }
  });
  // A request that began before the signal: its connection closes with its answer.
  http.addHook('onSend', async (_req, reply) => {
    if (deps.draining()) reply.header('connection', 'close');
  });
  http.addHook('onResponse', async (req, reply) => {
    const line = { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (isHealthCheck(req.url)) req.log.debug(line, 'health');
    else req.log.info(line, 'request');
  });
  return http;
}

/** Every absolute link's origin: PUBLIC_URL, else (development, tests) this server on localhost. */
export function publicOriginOf(config: Config, node: NodeServer): () => string {
  return () => {
    if (config.publicUrl) return config.publicUrl;
    const addr = node.address();
    return `http://localhost:${typeof addr === 'object' && addr ? addr.port : config.port}`;
  };
}
