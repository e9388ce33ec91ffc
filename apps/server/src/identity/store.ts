// Players and their devices (docs/architecture.md, Identity): who a device is, its player's
// devices, link codes and the merge a link makes. Seats and history rows name the player; a
// merge moves them in one transaction, so a crash leaves the database before or after, never half.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { LINK_CODE_ALPHABET, LINK_CODE_LENGTH, LINK_CODE_MAX_FAILURES } from '@mm/protocol';
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

export type LinkFailure = 'invalid' | 'expired' | 'dead';
export type CodeCheck = { ok: true; playerId: string; name: string } | { ok: false; reason: LinkFailure };

export interface IdentityStore {
  /** The device's player (made on first use), their name and devices, the asking one first. */
  me(deviceId: string, userAgent?: string): Promise<{ playerId: string; name: string; createdAt: Date; devices: StoredDevice[] }>;
  rename(deviceId: string, name: string): Promise<void>;
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
      return { playerId, name: player.name, createdAt: player.createdAt, devices };
    },

    async rename(deviceId, name) {
      const playerId = await store.ensurePlayer(deviceId);
      await prisma.player.update({ where: { id: playerId }, data: { name } });
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
