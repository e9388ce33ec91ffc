import type { FastifyRequest } from 'fastify';
import { devicePrincipal } from '../http/principal';

/**
 * The player a friends' route acts for, as its principal says (http/principal.ts: `device` routes,
 * and `player` for the one route that may make the player, an invitation's acceptance): null for a
 * device with no player yet. Reading friends makes nobody, so opening the home page costs a new
 * visitor nothing.
 */
export function requestPlayer(req: FastifyRequest): string | null {
  return devicePrincipal(req).playerId;
}
