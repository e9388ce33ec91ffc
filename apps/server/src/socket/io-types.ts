import type { ServerToClient } from '@mm/protocol';
import type { Seat } from '@mm/rules';
import type { Server, Socket } from 'socket.io';
import type { Principal } from '../security/principal';

// The types of this server's Socket.IO: what every module of the transport shares, kept apart so
// that the broadcaster and the presence it counts do not import each other.

/** The event by which one server process tells the others that a room's presence changed. */
export const PRESENCE_CHANGED = 'mm:presence';
/** The same, for devices whose player changed (a merge, a removal, "Delete me"): their sockets' principal. */
export const PRINCIPAL_MOVED = 'mm:principal';

export interface SocketData {
  roomId: string | null;
  seat: Seat | null;
  /** who the socket acts for: the device its joins named, and that device's player (socket/principals.ts); null before any */
  principal: Principal | null;
  /** the match in which `seat` was taken: after a rematch that seat number is someone else's */
  matchId: string | null;
  /** the page said it is visible (`presence`); a seat whose pages are all hidden gets pushes */
  visible: boolean;
}

// Note: client→server events are untrusted and parsed by hand, so they stay untyped here.
/** What server processes tell each other (through the adapter). */
export interface ServerSideEvents {
  [PRESENCE_CHANGED]: (roomId: string) => void;
  [PRINCIPAL_MOVED]: (deviceIds: string[], playerId: string | null) => void;
}
export type IoServer = Server<Record<string, never>, ServerToClient, ServerSideEvents, SocketData>;
export type IoSocket = Socket<Record<string, never>, ServerToClient, ServerSideEvents, SocketData>;
