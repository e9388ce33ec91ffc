// Every error answer of the HTTP server in the one documented shape `{"error":{"code","message"}}`
// (docs/protocol.md), whoever answers: a route, Fastify (bad JSON, unknown media type, oversize
// body, a URL it cannot decode), the rate limiter, or Node's parser before Fastify sees a request
// (headers too large, a malformed request line).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailable } from '../db/unavailable';
import { httpError, type HttpError } from '../errors';

/** The message of every 5xx: what went wrong inside stays in the log. */
export const INTERNAL_MESSAGE = 'The server failed; nothing was changed.';
/** A database that is away or too slow (db/unavailable.ts): the client may simply try again. */
export const UNAVAILABLE_MESSAGE = 'The server cannot reach its storage just now; nothing was changed. Try again in a moment.';

/** Fastify's own error codes, and what the client is told for each (fixed texts: no parser internals echoed). */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The body is empty where JSON is expected.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The body does not match its Content-Length.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The body is larger than any request needs.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The body must be JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The Content-Type header is not valid.' },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_REQUEST', message: 'The URL is not valid.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid.' },
};

/** The code of any other 4xx, by status. */
const CODE_OF_STATUS: Record<number, string> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** The error body for a thrown error (what Fastify, a plugin or a route threw), and its status. */
export function errorReply(err: Partial<FastifyError> & { message?: string }): { status: number; body: HttpError } {
  const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
  if (known) return { status: known.status, body: { error: { code: known.code, message: known.message } } };
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
  if (status === 500 && isUnavailable(err))
    return { status: 503, body: { error: { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE } } };
  if (status >= 500)
    return { status, body: { error: { code: status === 503 ? 'UNAVAILABLE' : 'INTERNAL', message: INTERNAL_MESSAGE } } };
  // The rate limiter's message ("Too many requests: wait 5 seconds.") is ours; others are Fastify's short texts.
  const message =
    typeof err.message === 'string' && err.message.length <= 200 ? err.message : (STATUS_CODES[status] ?? 'Bad request');
  return { status, body: { error: { code: CODE_OF_STATUS[status] ?? 'BAD_REQUEST', message } } };
}

/** Methods the API answers: a path that knows another of them answers 405 rather than 404. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Sets the error and not-found handlers (and Fastify's framework-error hook is in `fastifyErrorOptions`).
 * Call before any route or plugin: a route keeps the handlers set when it was registered.
 * `sendPage` answers any other GET path outside `/api/`, `/socket.io/` and `/assets/` with the web app (its
 * client routes them), when it is served.
 */
export function setErrorHandlers(
  http: FastifyInstance,
  sendPage: ((req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null,
): void {
  http.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    // A missing built file (an old page asking for a chunk a newer build replaced) is a plain 404, not the
    // page: a script loaded as HTML fails obscurely, a 404 tells the client its build is gone.
    if (sendPage && req.method === 'GET' && !/^\/(api|socket\.io|assets)\//.test(path)) {
      return sendPage(req, reply);
    }
    const allowed = METHODS.filter((m) => m !== req.method && http.hasRoute({ method: m, url: path }));
    if (path.startsWith('/api/') && allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return httpError(reply, 405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}: ${allowed.join(', ')} is.`);
    }
    return httpError(reply, 404, 'NOT_FOUND', `Nothing at ${req.method} ${path.slice(0, 200)}.`);
  });
  http.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, body } = errorReply(err);
    // Logged once, here, with what the client is not told.
    if (status >= 500) req.log.error({ err }, 'request failed');
    return reply.code(status).send(body);
  });
}

/** Fastify options: a URL Fastify cannot decode, answered in the uniform body. */
export const frameworkErrors = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void => {
  const { status, body } = errorReply(err);
  void reply.code(status).send(body);
};

/**
 * Node's `clientError`: a request Node's parser refused before Fastify saw it (headers over the
 * limit, a malformed request line or header). Answered in the uniform body, then the connection closes.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request headers are larger than the server accepts.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ error: { code, message } } satisfies HttpError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
