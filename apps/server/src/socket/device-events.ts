import { fault } from '../errors';
import type { RoomService } from '../rooms/room-service';
import { deviceChannel } from './channels';
import type { ClusterBus } from './cluster-bus';
import type { IoServer } from './io-types';
import type { SocketPrincipals } from './principals';

// Structural, not identity's own types: the socket layer stays below identity (docs/architecture.md).
interface Moved {
  deviceIds: readonly string[];
  playerId: string | null;
}
interface Deletion {
  playerId: string;
  deviceIds: readonly string[];
  roomIds: readonly string[];
}

export interface DeviceEvents {
  playerMerged(moved: Moved): void;
  deviceRemoved(moved: Moved): void;
  playerDeleted(deletion: Deletion): Promise<void>;
}

/** What the sockets and rooms of every process do when identity moves, removes or deletes devices. */
export function deviceEvents(deps: {
  io: IoServer;
  principals: SocketPrincipals;
  rooms: RoomService;
  bus: ClusterBus;
}): DeviceEvents {
  const { io, principals, rooms, bus } = deps;
  return {
    playerMerged: ({ deviceIds, playerId }) => principals.moved(deviceIds, playerId),
    // Through the adapter: the device's sockets on every process hear it and are closed.
    deviceRemoved: ({ deviceIds, playerId }) => {
      // Until they are closed, they act as the new player the device is, never for the one it left.
      principals.moved(deviceIds, playerId);
      for (const deviceId of deviceIds) {
        const channel = io.in(deviceChannel(deviceId));
        channel.emit(
          'server:error',
          fault('DEVICE_REMOVED', 'This device was removed from your devices: it starts again as a new player. Reload the page.'),
        );
        // Not closing the connection: the error goes first, then Socket.IO's own disconnect, in order.
        channel.disconnectSockets(false);
      }
    },
    playerDeleted: async ({ playerId, deviceIds, roomIds }) => {
      principals.moved(deviceIds, null);
      for (const deviceId of deviceIds) {
        const channel = io.in(deviceChannel(deviceId));
        channel.emit('server:error', fault('PLAYER_DELETED', 'This player was deleted: the page starts again as a new player.'));
        channel.disconnectSockets(false);
      }
      // The rooms forget the deleted player's tokens and show the bot or the free seat to the others,
      // on every process that holds a copy of them.
      for (const roomId of roomIds) {
        await rooms.playerDeleted(roomId, { playerId, deviceIds });
        bus.publish({ type: 'room-stored', roomId });
      }
    },
  };
}
