import { deviceHeadersSchema, DEVICE_TOKEN_HEADER } from '@mm/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../errors';
import { hashToken } from '../security/tokens';

/**
 * The device a request names (the hash of its device token header), or null once `reply` has
 * been answered 400: for the routes that act for a device's player.
 */
export function requestDevice(req: FastifyRequest, reply: FastifyReply): string | null {
  const headers = deviceHeadersSchema.safeParse(req.headers);
  if (headers.success) return hashToken(headers.data[DEVICE_TOKEN_HEADER]);
  void httpError(reply, 400, 'BAD_REQUEST', `A valid ${DEVICE_TOKEN_HEADER} header names this device.`);
  return null;
}

/** The device a request names, if its header is valid; nothing is answered (for routes open to anyone). */
export function optionalDevice(req: FastifyRequest): string | null {
  const headers = deviceHeadersSchema.safeParse(req.headers);
  return headers.success ? hashToken(headers.data[DEVICE_TOKEN_HEADER]) : null;
}
