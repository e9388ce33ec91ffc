import type { ServerToClient } from '@mm/protocol';
import type { Seat } from '@mm/rules';
import type { Server, Socket } from 'socket.io';
import type { Principal } from '../security/principal';

// The types of this server's Socket.IO: what every module of the transport shares, kept apart so
// that the broadcaster and the presence it counts do not import each other.

/** The one server-side event: every message between server processes (cluster-bus.ts parses it). */
export const BUS_EVENT = 'mm:bus';

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
/** What server processes tell each other (through the adapter): untrusted until cluster-bus.ts parses it. */
export interface ServerSideEvents {
  [BUS_EVENT]: (message: unknown) => void;
}
export type IoServer = Server<Record<string, never>, ServerToClient, ServerSideEvents, SocketData>;
export type IoSocket = Socket<Record<string, never>, ServerToClient, ServerSideEvents, SocketData>;
