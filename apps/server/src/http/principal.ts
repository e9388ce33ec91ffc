// Who a request acts for, resolved once before its handler (docs/architecture.md, Identity): the
// device its `x-device-token` header names and that device's player, decorated on the request as
// `req.principal`. Handlers and the stores they call read it there and never map the device to its
// player again.
import { deviceHeadersSchema, DEVICE_TOKEN_HEADER } from '@mm/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlayersStore } from '../db/store';
import { httpError } from '../errors';
import type { PlayerPrincipal, Principal } from '../security/principal';
import { hashToken } from '../security/tokens';
import { MAKES_PLAYER, type CreationLimit } from './creation-limit';

/**
 * What a route needs of its caller: `optional`, the device and its player if the header names one
 * (a bad header is no header); `device`, a valid header (400 otherwise), its player read (null for a
 * device never seen); `player`, the same with the player made if there is none yet (the device
 * marked seen).
 */
export type PrincipalNeed = 'optional' | 'device' | 'player';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who the route acts for, resolved before its handler (http/principal.ts); unset: nobody */
    principal?: PrincipalNeed;
  }
  interface FastifyRequest {
    /** who the request acts for, once its route asked (`config.principal`); null: no device named */
    principal: Principal | null;
  }
}

/** Route options of a route that acts for its caller: `app.get(url, asPrincipal('device'), handler)`. */
export const asPrincipal = (need: PrincipalNeed) => ({ config: { principal: need } }) as const;

/**
 * Resolves every request's principal in a preHandler, with one look-up of the store (none for a route
 * that asks for nobody; for a device never seen on a `player` route, its player is made after it).
 * The first request of a device never seen to a route that makes its player (MAKES_PLAYER) draws on
 * the address's creation bound, as a room does: a fresh device token is free.
 */
export function resolvePrincipals(
  app: FastifyInstance,
  deps: { players: Pick<PlayersStore, 'playerOfDevice' | 'seeDevice' | 'ensurePlayer'>; creations: CreationLimit },
): void {
  app.decorateRequest('principal', null);
  app.addHook('preHandler', async (req, reply) => {
    const url = req.routeOptions.url ?? '';
    const makesPlayer = MAKES_PLAYER.test(url);
    const need = req.routeOptions.config.principal ?? (makesPlayer ? 'optional' : undefined);
    if (need === undefined) return;
    const headers = deviceHeadersSchema.safeParse(req.headers);
    if (!headers.success) {
      if (need === 'optional') return;
      return httpError(reply, 400, 'BAD_REQUEST', `A valid ${DEVICE_TOKEN_HEADER} header names this device.`);
    }
    const deviceId = hashToken(headers.data[DEVICE_TOKEN_HEADER]);
    const userAgent = req.headers['user-agent'];
    let playerId =
      need === 'player' ? await deps.players.seeDevice(deviceId, { userAgent }) : await deps.players.playerOfDevice(deviceId);
    if (playerId === null && makesPlayer) {
      // Awaiting the hook adopts the reply it answers with (a reply is a thenable): ask whether it answered.
      await deps.creations.each(req, reply);
      if (reply.sent) return reply;
    }
    if (playerId === null && need === 'player') playerId = await deps.players.ensurePlayer(deviceId, { userAgent });
    req.principal = { deviceId, playerId };
  });
}

/** The principal of a route declared `device`: its handler runs only when the header named one. */
export function devicePrincipal(req: FastifyRequest): Principal {
  if (req.principal === null) throw new Error(`${req.routeOptions.url ?? req.url} declares no principal`);
  return req.principal;
}

/** The principal of a route declared `player`: its player exists. */
export function playerPrincipal(req: FastifyRequest): PlayerPrincipal {
  const { deviceId, playerId } = devicePrincipal(req);
  if (playerId === null) throw new Error(`${req.routeOptions.url ?? req.url} does not declare principal 'player'`);
  return { deviceId, playerId };
}
