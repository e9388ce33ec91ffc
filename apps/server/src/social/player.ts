import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/store';
import { requestDevice } from '../http/device';

/**
 * The player a request acts for: the one place friends' routes resolve who asks. Undefined once
 * `reply` has been answered 400 (no valid device token); null for a device with no player yet,
 * unless `make` makes one (as /api/me does): reading friends makes nobody, so opening the home page
 * costs a new visitor nothing.
 */
export async function requestPlayer(
  req: FastifyRequest,
  reply: FastifyReply,
  store: Store,
  opts: { make: boolean },
): Promise<string | null | undefined> {
  const deviceId = requestDevice(req, reply);
  if (deviceId === null) return undefined;
  return opts.make ? store.ensurePlayer(deviceId, { userAgent: req.headers['user-agent'] }) : store.playerOfDevice(deviceId);
}
