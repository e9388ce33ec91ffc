// The players of devices in memory, and their merges as far as rooms are concerned.
import { newPlayerId } from '../../security/tokens.js';
import type { MergeFollowing } from '../merges-store.js';
import type { PlayersStore } from '../players-store.js';
import type { MemoryState } from './state.js';

export type MemoryPlayers = PlayersStore &
  MergeFollowing & {
    /** `from` merged into `into` (what identity/merge.ts commits): their devices move, their seats wait for the rooms */
    recordMerge(from: string, into: string): void;
  };

export function memoryPlayers({ rooms, devices, merges, room }: MemoryState): MemoryPlayers {
  return {
    // Names and user agents are identity's (devices, "my matches"): nothing here reads them.
    async ensurePlayer(deviceId) {
      const playerId = devices.get(deviceId) ?? newPlayerId();
      devices.set(deviceId, playerId);
      return playerId;
    },

    async playerOfDevice(deviceId) {
      return devices.get(deviceId) ?? null;
    },

    async seeDevice(deviceId) {
      return devices.get(deviceId) ?? null;
    },

    recordMerge(from, into) {
      for (const [device, player] of devices) if (player === from) devices.set(device, into);
      merges.set(from, into);
      for (const [f, i] of merges) if (i === from) merges.set(f, into);
    },

    async pendingMerges() {
      return [...merges].map(([from, into]) => ({
        from,
        into,
        roomIds: [...rooms.values()]
          .filter((r) => r.creatorPlayerId === from || r.seats.some((seat) => seat.playerId === from))
          .map((r) => r.id)
          .sort(),
      }));
    },

    async followMerge(roomId, from, into) {
      const r = room(roomId);
      if (!r) return;
      for (const seat of r.seats) if (seat.playerId === from) seat.playerId = into;
      if (r.creatorPlayerId === from) r.creatorPlayerId = into;
    },

    async mergeSettled(from, into) {
      const left = [...rooms.values()].some((r) => r.creatorPlayerId === from || r.seats.some((seat) => seat.playerId === from));
      if (merges.get(from) === into && !left) merges.delete(from);
    },
  };
}
