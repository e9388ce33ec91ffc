// Players and their devices (docs/architecture.md, Identity): who a device is, its player's
// devices, link codes and the merge a link makes. Seats and history rows name the player; a
// merge moves them in one transaction, so a crash leaves the database before or after, never half.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DELETED_PLAYER_NAME, LINK_CODE_ALPHABET, LINK_CODE_LENGTH, LINK_CODE_MAX_FAILURES } from '@mm/protocol';
import { DEFAULT_BOT_STRENGTH, isLang, type Lang } from '@mm/rules';
import { botName } from '../bots/names';
import type { Database } from '../db/database';
import type { Store } from '../db/store';
import { newPlayerId } from '../security/tokens';
import { deviceLabel } from './user-agent';

export interface StoredDevice {
  /** an id of the listing only: a hash of the device's hash, so it lets nobody act as the device */
  publicId: string;
  label: string;
  lastSeenAt: Date;
  current: boolean;
}

/** What "Delete me" changed, for the transport: sockets to close, rooms whose seats changed. */
export interface Deletion {
  deviceIds: string[];
  roomIds: string[];
}

export type LinkFailure = 'invalid' | 'expired' | 'dead';
export type CodeCheck = { ok: true; playerId: string; name: string } | { ok: false; reason: LinkFailure };

export interface IdentityStore {
  /** The device's player (made on first use), their name and devices, the asking one first. */
  me(
    deviceId: string,
    userAgent?: string,
  ): Promise<{ playerId: string; name: string; lang: Lang | null; createdAt: Date; devices: StoredDevice[] }>;
  rename(deviceId: string, name: string): Promise<void>;
  setLang(deviceId: string, lang: Lang): Promise<void>;
  /**
   * "Delete me", in one transaction: the player, its devices (and by cascade its link codes and
   * passkeys) and its devices' push subscriptions go; its name in every history becomes
   * DELETED_PLAYER_NAME; a seat of a running match goes to a bot where the room allows takeovers,
   * every other seat of theirs is freed; rooms they created lose their creator. Null when the
   * device has no player (nothing to delete).
   */
  deleteMe(deviceId: string): Promise<Deletion | null>;
  /**
   * The device of the asker's player listed as `publicId` leaves it for a new player of its own.
   * Returns its id (to close its sockets), or null when the player has no such device.
   */
  removeDevice(deviceId: string, publicId: string): Promise<string | null>;
  newLinkCode(deviceId: string, ttlMs: number): Promise<{ code: string; expiresAt: Date }>;
  /** Whether `code` is live, and whose; a wrong code counts against the live codes of its prefix. */
  checkCode(code: string): Promise<CodeCheck>;
  /** Uses `code` once: the device joins its player, its own player merged in. */
  link(code: string, deviceId: string): Promise<{ ok: true; name: string; merged: boolean } | { ok: false; reason: LinkFailure }>;
  /** Everything of player `from` becomes `into`'s, in one transaction; nothing happens when `from` is gone. */
  mergePlayers(from: string, into: string): Promise<void>;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();
export const publicDeviceId = (deviceId: string): string =>
  createHash('sha256').update(`device-listing:${deviceId}`).digest('base64url').slice(0, 22);
const PREFIX_LENGTH = 2;

function newCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

export function createIdentityStore(db: Database, store: Store): IdentityStore {
  const { prisma } = db;

  const codeOf = async (code: string): Promise<CodeCheck & { hash?: string }> => {
    const hash = sha256(code);
    const candidates = await prisma.linkCode.findMany({
      where: { prefix: code.slice(0, PREFIX_LENGTH) },
      include: { player: { select: { name: true } } },
    });
    // Every candidate is compared, in constant time: how long this takes tells nothing of the code.
    let found: (typeof candidates)[number] | undefined;
    for (const c of candidates) {
      const stored = Buffer.from(c.codeHash, 'hex');
      if (stored.length === hash.length && timingSafeEqual(stored, hash)) found = c;
    }
    const now = new Date();
    if (!found) {
      await prisma.linkCode.updateMany({
        where: { prefix: code.slice(0, PREFIX_LENGTH), usedAt: null, expiresAt: { gt: now } },
        data: { failures: { increment: 1 } },
      });
      return { ok: false, reason: 'invalid' };
    }
    if (found.usedAt !== null) return { ok: false, reason: 'invalid' };
    if (found.failures >= LINK_CODE_MAX_FAILURES) return { ok: false, reason: 'dead' };
    if (found.expiresAt <= now) return { ok: false, reason: 'expired' };
    return { ok: true, playerId: found.playerId, name: found.player.name, hash: found.codeHash };
  };

  const mergeIn = async (tx: Parameters<Parameters<typeof prisma.$transaction>[0]>[0], from: string, into: string) => {
    if (from === into) return;
    const source = await tx.player.findUnique({ where: { id: from } });
    if (!source) return;
    await tx.device.updateMany({ where: { playerId: from }, data: { playerId: into } });
    // A seat each held in the same room stays two seats: only who holds them changes.
    await tx.seat.updateMany({ where: { playerId: from }, data: { playerId: into } });
    await tx.matchPlayer.updateMany({ where: { playerId: from }, data: { playerId: into } });
    // One attempt per player and puzzle: where both played one, the player keeps theirs (the other's
    // match stays in the history, as every match does).
    const kept = await tx.dailyAttempt.findMany({ where: { playerId: into }, select: { n: true } });
    await tx.dailyAttempt.updateMany({
      where: { playerId: from, n: { notIn: kept.map((a) => a.n) } },
      data: { playerId: into },
    });
    await tx.dailyAttempt.deleteMany({ where: { playerId: from } });
    // Passkeys follow too: deleting `from` below would otherwise take them (ON DELETE CASCADE).
    await tx.passkey.updateMany({ where: { playerId: from }, data: { playerId: into } });
    await tx.player.updateMany({ where: { id: into, name: '' }, data: { name: source.name } });
    await tx.player.delete({ where: { id: from } });
  };

  return {
    async me(deviceId, userAgent) {
      const playerId = await store.ensurePlayer(deviceId, { userAgent });
      const player = await prisma.player.findUniqueOrThrow({
        where: { id: playerId },
        include: { devices: { orderBy: { lastSeenAt: 'desc' } } },
      });
      const devices = player.devices
        .map((d) => ({
          publicId: publicDeviceId(d.id),
          label: deviceLabel(d.userAgent),
          lastSeenAt: d.lastSeenAt,
          current: d.id === deviceId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current));
      const lang = isLang(player.lang) ? player.lang : null;
      return { playerId, name: player.name, lang, createdAt: player.createdAt, devices };
    },

    async rename(deviceId, name) {
      const playerId = await store.ensurePlayer(deviceId);
      await prisma.player.update({ where: { id: playerId }, data: { name } });
    },

    async setLang(deviceId, lang) {
      const playerId = await store.ensurePlayer(deviceId);
      await prisma.player.update({ where: { id: playerId }, data: { lang } });
    },

    async deleteMe(deviceId) {
      return prisma.$transaction(async (tx) => {
        const device = await tx.device.findUnique({ where: { id: deviceId }, select: { playerId: true } });
        if (!device) return null;
        const { playerId } = device;
        const deviceIds = (await tx.device.findMany({ where: { playerId }, select: { id: true } })).map((d) => d.id);
        // Seats claimed by one of its devices before players existed name the device only.
        const mine = { OR: [{ playerId }, { deviceId: { in: deviceIds } }] };
        const seats = await tx.seat.findMany({
          where: mine,
          include: { room: { select: { takeOverAfterSec: true, matches: { orderBy: { number: 'desc' }, take: 1 } } } },
        });
        for (const seat of seats) {
          const current = seat.room.matches[0];
          const running = current !== undefined && current.finishedAt === null;
          const where = { roomId_index: { roomId: seat.roomId, index: seat.index } };
          // The bot plays on its own (not `takenOver`): no token of the deleted player gets the seat back.
          const freed = { tokenHash: null, deviceId: null, playerId: null, rematch: false, takenOver: false };
          if (running && seat.room.takeOverAfterSec !== null) {
            const name = botName(seat.index);
            await tx.seat.update({
              where,
              data: { ...freed, name, bot: true, botStrength: DEFAULT_BOT_STRENGTH, claimedAt: new Date() },
            });
          } else {
            await tx.seat.update({ where, data: { ...freed, name: null, bot: false, claimedAt: null } });
          }
        }
        // Every line of their history, the running match's too: they played its first moves.
        await tx.matchPlayer.updateMany({ where: mine, data: { name: DELETED_PLAYER_NAME, deviceId: null, playerId: null } });
        const created = await tx.room.findMany({ where: { creatorDeviceId: { in: deviceIds } }, select: { id: true } });
        await tx.room.updateMany({ where: { creatorDeviceId: { in: deviceIds } }, data: { creatorDeviceId: null } });
        await tx.pushSubscription.deleteMany({ where: { deviceId: { in: deviceIds } } });
        // Devices, link codes (and passkeys) go with the player, by their foreign keys.
        await tx.player.delete({ where: { id: playerId } });
        return { deviceIds, roomIds: [...new Set([...seats.map((s) => s.roomId), ...created.map((r) => r.id)])] };
      });
    },

    async removeDevice(deviceId, publicId) {
      const playerId = await store.playerOfDevice(deviceId);
      if (playerId === null) return null;
      const devices = await prisma.device.findMany({ where: { playerId }, select: { id: true } });
      const target = devices.find((d) => publicDeviceId(d.id) === publicId);
      if (!target) return null;
      // The device starts again as a new anonymous player; seats and history stay with the old one.
      await prisma.$transaction(async (tx) => {
        const fresh = await tx.player.create({ data: { id: newPlayerId() } });
        await tx.device.update({ where: { id: target.id }, data: { playerId: fresh.id, name: '' } });
      });
      return target.id;
    },

    async newLinkCode(deviceId, ttlMs) {
      const playerId = await store.ensurePlayer(deviceId);
      const code = newCode();
      const expiresAt = new Date(Date.now() + ttlMs);
      // Codes of a player that are no longer live go when a new one is made.
      await prisma.linkCode.deleteMany({
        where: { playerId, OR: [{ usedAt: { not: null } }, { expiresAt: { lte: new Date() } }] },
      });
      await prisma.linkCode.create({
        data: { codeHash: sha256(code).toString('hex'), prefix: code.slice(0, PREFIX_LENGTH), playerId, expiresAt },
      });
      return { code, expiresAt };
    },

    async checkCode(code) {
      const { hash: _hash, ...check } = await codeOf(code);
      return check;
    },

    async link(code, deviceId) {
      const check = await codeOf(code);
      if (!check.ok || check.hash === undefined) return check.ok ? { ok: false, reason: 'invalid' } : check;
      const hash = check.hash;
      const into = check.playerId;
      const from = await store.ensurePlayer(deviceId);
      return prisma.$transaction(async (tx) => {
        // Single use even when two devices race with one code: only one update finds it unused.
        const { count } = await tx.linkCode.updateMany({
          where: { codeHash: hash, usedAt: null, failures: { lt: LINK_CODE_MAX_FAILURES }, expiresAt: { gt: new Date() } },
          data: { usedAt: new Date() },
        });
        if (count !== 1) return { ok: false as const, reason: 'invalid' as const };
        await mergeIn(tx, from, into);
        const player = await tx.player.findUniqueOrThrow({ where: { id: into } });
        return { ok: true as const, name: player.name, merged: from !== into };
      });
    },

    async mergePlayers(from, into) {
      await prisma.$transaction((tx) => mergeIn(tx, from, into));
    },
  };
}
