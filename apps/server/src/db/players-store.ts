// Players and their devices as the rooms need them: who a device plays as. (Linking and removing
// devices is identity/'s.)
import type { Database } from './database.js';
import { uniqueViolationTarget } from './rows.js';
import { newPlayerId } from '../security/tokens.js';

export interface PlayersStore {
  /**
   * The player of a device, made on first use (a device unknown so far becomes a player of one
   * device); `name`, when given, becomes the player's name (one name across devices).
   */
  ensurePlayer(deviceId: string, seen?: { name?: string | undefined; userAgent?: string | undefined }): Promise<string>;
  /** The player of a known device, or null (nothing is made). */
  playerOfDevice(deviceId: string): Promise<string | null>;
  /**
   * The player of a known device, which is marked seen now (its browser kept, `name` made the
   * player's): one statement without a name; null for a device never seen (nothing is made).
   */
  seeDevice(deviceId: string, seen?: { name?: string | undefined; userAgent?: string | undefined }): Promise<string | null>;
}

export function createPlayersStore({ prisma }: Database): PlayersStore {
  const seeDevice: PlayersStore['seeDevice'] = async (deviceId, { name, userAgent } = {}) => {
    const [row] = await prisma.device.updateManyAndReturn({
      where: { id: deviceId },
      data: { lastSeenAt: new Date(), ...(name !== undefined ? { name } : {}), ...(userAgent ? { userAgent } : {}) },
      select: { playerId: true },
    });
    if (!row) return null;
    // One name across devices: the player's.
    if (name !== undefined) await prisma.player.update({ where: { id: row.playerId }, data: { name } });
    return row.playerId;
  };

  return {
    seeDevice,

    async ensurePlayer(deviceId, seen = {}) {
      const { name, userAgent } = seen;
      const known = await seeDevice(deviceId, seen);
      if (known !== null) return known;
      const playerId = newPlayerId();
      try {
        // One nested create is one transaction: never a device without its player.
        await prisma.device.create({
          data: {
            id: deviceId,
            name: name ?? '',
            userAgent: userAgent ?? null,
            player: { create: { id: playerId, name: name ?? '' } },
          },
        });
        return playerId;
      } catch (e) {
        // Two first requests of one device raced: the other made it.
        if (uniqueViolationTarget(e) === null) throw e;
        const row = await prisma.device.findUniqueOrThrow({ where: { id: deviceId }, select: { playerId: true } });
        return row.playerId;
      }
    },

    async playerOfDevice(deviceId) {
      const row = await prisma.device.findUnique({ where: { id: deviceId }, select: { playerId: true } });
      return row?.playerId ?? null;
    },
  };
}
