import type { ErrorCode, ErrorReply } from '@mm/protocol';
import type { FastifyReply } from 'fastify';

/**
 * How the server says no, in one place for every layer: the room service refuses with a
 * `fault` (the reply a socket message gets), the transports answer HTTP with `httpError`, and
 * both turn a zod error into one line with `describeIssues`.
 */

/** A refused socket message or service call: `{ ok: false, code, message }` (docs/protocol.md). */
export const fault = (code: ErrorCode, message: string, extra: { seq?: number } = {}): ErrorReply => ({
  ok: false,
  code,
  message,
  ...extra,
});

/**
 * The socket got its seat in an earlier match of the room: a rematch has moved the seats since,
 * so its seat number is someone else's now. One text wherever it is said (a move, a sync, a vote).
 */
export const matchChanged = (): ErrorReply =>
  fault('MATCH_CHANGED', 'A new match began in this room and the seats moved: join the room again.');

/** The body of every HTTP error answer. */
export interface HttpError {
  error: { code: string; message: string };
}

/** Answers an HTTP request with `status` and the uniform error body. */
export const httpError = (reply: FastifyReply, status: number, code: string, message: string): FastifyReply =>
  reply.code(status).send({ error: { code, message } } satisfies HttpError);

/** A zod error turned into one readable line. */
export function describeIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
