import type { FastifyBaseLogger } from 'fastify';
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
  playerMerged(moved: Moved): Promise<void>;
  /** Moves the seats of merges still pending (one cut short by a crash): at start-up, and after every merge. */
  settleMerges(): Promise<void>;
  deviceRemoved(moved: Moved): void;
  playerDeleted(deletion: Deletion): Promise<void>;
}

/** What the sockets and rooms of every process do when identity moves, removes or deletes devices. */
export function deviceEvents(deps: {
  io: IoServer;
  principals: SocketPrincipals;
  rooms: RoomService;
  bus: ClusterBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): DeviceEvents {
  const { io, principals, rooms, bus, log } = deps;
  // Another process moved a merged player's seats of a room in the store: a copy held here follows, in its queue.
  bus.on('player-merged', ({ roomId, from, into }) => {
    if (rooms.cached(roomId))
      rooms.playerMerged(roomId, { from, into }).catch((err: unknown) => log.warn({ err, roomId }, 'merged seats not followed'));
  });
  // The merge has committed whatever happens here: a failure leaves it recorded, for the next merge or start.
  const settleMerges = (): Promise<void> =>
    rooms
      .settleMerges((roomId, merge) => bus.publish({ type: 'player-merged', roomId, ...merge }))
      .catch((err: unknown) => log.warn({ err }, 'merged seats not moved yet'));
  return {
    settleMerges,
    playerMerged: async ({ deviceIds, playerId }) => {
      principals.moved(deviceIds, playerId);
      await settleMerges();
    },
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
