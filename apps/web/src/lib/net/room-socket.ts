import { io, type Socket } from 'socket.io-client';
import { ROOM_QUERY_PARAM, type ClientToServer, type ServerToClient } from '@mm/protocol/pure';

/**
 * The connection of one room's page. The room's id rides in the query of every request of it (the
 * WebSocket upgrade and any long-polling request), where the proxy in front of several server
 * processes reads it to send all of the room's players to the same process (deploy/nginx.conf).
 * A connection of its own (`forceNew`): socket.io-client would otherwise reuse the connection of
 * the room left before, with that room's id, and a page that moved to another room would stay
 * with the old room's process. Websocket first (no sticky sessions needed), long-polling only if
 * websockets are blocked.
 */
export function roomSocket(roomId: string): Socket<ServerToClient, ClientToServer> {
  return io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    autoConnect: false,
    forceNew: true,
    query: { [ROOM_QUERY_PARAM]: roomId },
  });
}
