import {
  DEVICE_TOKEN_HEADER,
  pushHeadersSchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  type PushKeyReply,
} from '@mm/protocol';
import type { FastifyInstance } from 'fastify';
import { describeIssues, httpError } from '../errors';
import { hashToken } from '../security/tokens';
import { PUBLIC } from '../http/private-answer';
import { endpointProblem } from './endpoint-guard';
import type { PushStore } from './store';

/** The window of the per-address subscription limit. */
export const SUBSCRIBE_WINDOW_MS = 10 * 60_000;

/** GET /api/push/key, POST and DELETE /api/push/subscriptions (docs/protocol.md). */
export function registerPushRoutes(
  app: FastifyInstance,
  deps: {
    store: PushStore;
    publicKey: string;
    allowedOrigins: readonly string[];
    /** subscriptions one address may make per SUBSCRIBE_WINDOW_MS (edge.ts's rate limiter, shared through Redis) */
    subscribeLimit: number;
  },
): void {
  const subscribeLimit = { max: deps.subscribeLimit, timeWindow: SUBSCRIBE_WINDOW_MS, groupId: 'push-subscribe' };
  app.get('/api/push/key', PUBLIC, async (): Promise<PushKeyReply> => ({ publicKey: deps.publicKey }));

  app.post('/api/push/subscriptions', { config: { rateLimit: subscribeLimit } }, async (req, reply) => {
    const headers = pushHeadersSchema.safeParse(req.headers);
    if (!headers.success) return httpError(reply, 400, 'BAD_REQUEST', `A valid ${DEVICE_TOKEN_HEADER} header is required.`);
    const body = pushSubscribeBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const problem = endpointProblem(body.data.endpoint, deps.allowedOrigins);
    if (problem) return httpError(reply, 400, 'BAD_REQUEST', problem);
    await deps.store.subscribe({
      endpoint: body.data.endpoint,
      deviceId: hashToken(headers.data[DEVICE_TOKEN_HEADER]),
      p256dh: body.data.keys.p256dh,
      auth: body.data.keys.auth,
      lang: body.data.lang,
    });
    return reply.code(201).send({ ok: true });
  });

  app.delete('/api/push/subscriptions', async (req, reply) => {
    const headers = pushHeadersSchema.safeParse(req.headers);
    if (!headers.success) return httpError(reply, 400, 'BAD_REQUEST', `A valid ${DEVICE_TOKEN_HEADER} header is required.`);
    const body = pushUnsubscribeBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    await deps.store.unsubscribe(hashToken(headers.data[DEVICE_TOKEN_HEADER]), body.data.endpoint);
    return reply.code(204).send();
  });
}
