import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/store';
import { requestDevice } from '../http/device';

/**
 * The player a request acts for (made on first use, as /api/me does), or null once `reply` has been
 * answered 400 for a missing or bad device token. The one place friends' routes resolve who asks.
 */
export async function requestPlayer(req: FastifyRequest, reply: FastifyReply, store: Store): Promise<string | null> {
  const deviceId = requestDevice(req, reply);
  return deviceId === null ? null : store.ensurePlayer(deviceId, { userAgent: req.headers['user-agent'] });
}
