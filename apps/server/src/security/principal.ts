// Who a request or a socket acts for (docs/glossary.md): a device, and the player it belongs to,
// resolved once per request (http/principal.ts) or per socket (socket/principals.ts) and read from
// there by everything that acts for the player.

export interface Principal {
  /** the hash of the device token */
  deviceId: string;
  /** the device's player; null for a device never seen (nothing is made for it until a route must) */
  playerId: string | null;
}

/** A principal whose player exists: what the routes that act for the player are handed. */
export interface PlayerPrincipal extends Principal {
  playerId: string;
}
