// Players and their devices (docs/architecture.md, Identity): who a device is, its player's
// devices, link codes and the merge a link makes. Seats and history rows name the player; a
// merge moves them in one transaction, so a crash leaves the database before or after, never half.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { DELETED_PLAYER_NAME, DEVICE_PROBATION_MS, LINK_CODE_ALPHABET, LINK_CODE_LENGTH } from '@mm/protocol';
import { isLang, type Lang } from '@mm/rules';
import type { Database } from '../db/database';
import type { PlayerPrincipal } from '../security/principal';
import { leaveAllGroups } from '../social/groups-store';
import { mergeIn, type Moved, type Tx } from './merge';
import { newPlayerId } from '../security/tokens';
import { deviceLabel } from './user-agent';

export interface StoredDevice {
  /** an id of the listing only: a hash of the device's hash, so it lets nobody act as the device */
  publicId: string;
  label: string;
  /** what the player named it, if they did */
  name: string | null;
  lastSeenAt: Date;
  joinedAt: Date;
  current: boolean;
  /** the asking device may remove it now (the one-day rule) */
  mayRemove: boolean;
}

export interface PendingCode {
  publicId: string;
  /** the public id of the device that made it */
  device: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * What "Delete me" changed, for the rooms and the transport: the player gone, its devices (sockets
 * to close), the rooms where it sat or that it made (their seats are the room service's to change).
 */
export interface Deletion {
  playerId: string;
  deviceIds: string[];
  roomIds: string[];
}

/** `tries`: the address asking has tried too many wrong codes this hour. */
export type LinkFailure = 'invalid' | 'expired' | 'tries';
export type CodeCheck = { ok: true; playerId: string; name: string } | { ok: false; reason: LinkFailure };
/** Who tries a code: their address, and how many wrong codes it may try per hour. */
export interface Trier {
  address: string;
  wrongTriesPerHour: number;
}
/** Wrong tries aimed at one live code's prefix (by anyone) that raise the alarm, and again at each multiple. */
export const LINK_PREFIX_ALARM = 50;
/** What a wrong try set off: the prefix and how many wrong tries its live codes have seen. */
export interface PrefixAlarm {
  prefix: string;
  failures: number;
}

export type RemoveFailure = 'unknown' | 'too-new';
export type { Moved } from './merge';

export interface IdentityStore {
  /** The principal's player, their name and devices, the asking one first. */
  me(principal: PlayerPrincipal): Promise<{
    playerId: string;
    name: string;
    lang: Lang | null;
    createdAt: Date;
    devices: StoredDevice[];
    /** until then the asking device may not remove devices that joined before it */
    newUntil: Date | null;
    removed: { at: Date; by: string } | null;
  }>;
  rename(playerId: string, name: string): Promise<void>;
  /** Names one of the player's devices (null: its label again); false when the player has no such device. */
  nameDevice(playerId: string, publicId: string, name: string | null): Promise<boolean>;
  setLang(playerId: string, lang: Lang): Promise<void>;
  /**
   * "Delete me", in one transaction: the player, its devices (and by cascade its link codes,
   * passkeys, friendships and friend invitations) and its devices' push subscriptions go, and it
   * leaves its groups; its name
   * in every history becomes DELETED_PLAYER_NAME; rooms they created lose their creator. Their seats
   * are not written here: the rooms they sat in are returned, and RoomService.playerDeleted decides
   * and writes what becomes of each seat. Null when the device has no player (nothing to delete).
   * The device's player is read again in the transaction: what is deleted is whoever it belongs to then.
   */
  deleteMe(deviceId: string): Promise<Deletion | null>;
  /**
   * The device of the asker's player listed as `publicId` leaves it for a new player of its own,
   * in one transaction: the link codes it made die, the passkeys it made go (or, kept, no longer
   * name it), and it remembers who removed it. Returns its id (to close its sockets). Refused when
   * the player has no such device, or when the asker joined less than DEVICE_PROBATION_MS ago and
   * the device before it (a thief's new device cannot evict the owner's). The asker's player is read
   * again under the player's lock. Returns the removed device and the new player it now is.
   */
  removeDevice(
    deviceId: string,
    publicId: string,
    opts: { keepPasskeys: boolean },
  ): Promise<{ ok: true; moved: Moved } | { ok: false; reason: RemoveFailure }>;
  /** A code for the player the device belongs to (its player exists: read again under the player's lock). */
  newLinkCode(deviceId: string, ttlMs: number): Promise<{ publicId: string; code: string; expiresAt: Date }>;
  /** The player's codes neither used nor expired, newest first (none for a device never seen). */
  pendingCodes(playerId: string | null): Promise<PendingCode[]>;
  /** Kills the player's pending code listed as `publicId`; false when there is none such. */
  cancelCode(playerId: string | null, publicId: string): Promise<boolean>;
  /**
   * Whether `code` is live, and whose. A wrong code counts against the address trying (refused
   * with `tries` past its hourly limit, before any lookup) and, as an alarm only, against the live
   * codes sharing its prefix.
   */
  checkCode(code: string, trier: Trier): Promise<CodeCheck & { alarm?: PrefixAlarm }>;
  /** Uses `code` once: the principal's device joins its player, the principal's own player merged in. */
  link(
    code: string,
    principal: PlayerPrincipal,
    trier: Trier,
  ): Promise<
    | { ok: true; name: string; merged: boolean; moved: Moved; alarm?: undefined }
    | { ok: false; reason: LinkFailure; alarm?: PrefixAlarm }
  >;
  /**
   * Everything of player `from` becomes `into`'s, in one transaction; nothing happens when `from` is
   * gone. Returns the devices that changed player.
   */
  mergePlayers(from: string, into: string): Promise<Moved>;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();
export const publicDeviceId = (deviceId: string): string =>
  createHash('sha256').update(`device-listing:${deviceId}`).digest('base64url').slice(0, 22);
const publicCodeId = (codeHash: string): string =>
  createHash('sha256').update(`code-listing:${codeHash}`).digest('base64url').slice(0, 22);
const PREFIX_LENGTH = 2;
const HOUR_MS = 3600_000;

/** What /me calls a device: the name the player gave it, else its browser and system. */
export const deviceShownName = (d: { nickname: string | null; userAgent: string | null }): string =>
  d.nickname ?? deviceLabel(d.userAgent);

/**
 * Takes the player's lock (their row, FOR UPDATE) for the rest of `tx` and returns the player the
 * device belongs to then, or null for a device never seen. Removals run under it, and so does the
 * making of what brings a device back (a link code, a passkey): a removal running at the same time
 * comes either before (the device makes nothing for the old player) or after (and takes it away).
 */
export async function lockPlayerOf(tx: Tx, deviceId: string): Promise<string | null> {
  for (;;) {
    const before = await tx.device.findUnique({ where: { id: deviceId }, select: { playerId: true } });
    if (!before) return null;
    await tx.$queryRawUnsafe('SELECT 1 FROM "Player" WHERE "id" = $1 FOR UPDATE', before.playerId);
    const after = await tx.device.findUnique({ where: { id: deviceId }, select: { playerId: true } });
    // Moved meanwhile (removed, or merged into another player): lock that one instead.
    if (after?.playerId === before.playerId) return before.playerId;
  }
}

/** The one-day rule: a device that joined less than DEVICE_PROBATION_MS ago may not remove one that joined before it. */
export const mayRemove = (asker: { joinedAt: Date }, target: { joinedAt: Date }, now: Date): boolean =>
  asker.joinedAt.getTime() <= now.getTime() - DEVICE_PROBATION_MS || target.joinedAt >= asker.joinedAt;

function newCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

export function createIdentityStore(db: Database): IdentityStore {
  const { prisma } = db;

  const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

  const codeOf = async (code: string, trier: Trier): Promise<CodeCheck & { hash?: string; alarm?: PrefixAlarm }> => {
    const now = new Date();
    const addressHash = sha256(`link-tries:${trier.address}`).toString('hex');
    const hour = hourOf(now);
    // Counted before the lookup: past the limit, not even a right code is looked at this hour.
    const misses = await prisma.linkMiss.findUnique({ where: { addressHash_hour: { addressHash, hour } } });
    if ((misses?.count ?? 0) >= trier.wrongTriesPerHour) return { ok: false, reason: 'tries' };
    const hash = sha256(code);
    const prefix = code.slice(0, PREFIX_LENGTH);
    const candidates = await prisma.linkCode.findMany({ where: { prefix }, include: { player: { select: { name: true } } } });
    // Every candidate is compared, in constant time: how long this takes tells nothing of the code.
    let found: (typeof candidates)[number] | undefined;
    for (const c of candidates) {
      const stored = Buffer.from(c.codeHash, 'hex');
      if (stored.length === hash.length && timingSafeEqual(stored, hash)) found = c;
    }
    if (!found || found.usedAt !== null) {
      await prisma.linkMiss.upsert({
        where: { addressHash_hour: { addressHash, hour } },
        create: { addressHash, hour, count: 1 },
        update: { count: { increment: 1 } },
      });
      // Counts of hours gone go as new ones are made: the table holds about an hour's worth.
      if (!misses) await prisma.linkMiss.deleteMany({ where: { hour: { lt: new Date(hour.getTime() - HOUR_MS) } } });
      // The same wrong try counted against the prefix's live codes: an alarm for the operator, never
      // a limit (strangers' tries must not kill or block someone's code).
      const aimed = await prisma.linkCode.updateManyAndReturn({
        where: { prefix, usedAt: null, expiresAt: { gt: now } },
        data: { failures: { increment: 1 } },
        select: { failures: true },
      });
      const failures = Math.max(0, ...aimed.map((c) => c.failures));
      const alarm = failures > 0 && failures % LINK_PREFIX_ALARM === 0 ? { prefix, failures } : undefined;
      return { ok: false, reason: 'invalid', ...(alarm ? { alarm } : {}) };
    }
    if (found.expiresAt <= now) return { ok: false, reason: 'expired' };
    return { ok: true, playerId: found.playerId, name: found.player.name, hash: found.codeHash };
  };

  return {
    async me({ deviceId, playerId }) {
      const player = await prisma.player.findUniqueOrThrow({
        where: { id: playerId },
        include: { devices: { orderBy: { lastSeenAt: 'desc' } } },
      });
      const asker = player.devices.find((d) => d.id === deviceId)!;
      const now = new Date();
      const devices = player.devices
        .map((d) => ({
          publicId: publicDeviceId(d.id),
          label: deviceLabel(d.userAgent),
          name: d.nickname,
          lastSeenAt: d.lastSeenAt,
          joinedAt: d.joinedAt,
          current: d.id === deviceId,
          mayRemove: mayRemove(asker, d, now),
        }))
        .sort((a, b) => Number(b.current) - Number(a.current));
      const lang = isLang(player.lang) ? player.lang : null;
      const probation = asker.joinedAt.getTime() + DEVICE_PROBATION_MS;
      // Said only where it holds something back: some device of the player joined before this one.
      const held = player.devices.some((d) => d.joinedAt < asker.joinedAt);
      return {
        playerId,
        name: player.name,
        lang,
        createdAt: player.createdAt,
        devices,
        newUntil: held && probation > now.getTime() ? new Date(probation) : null,
        removed: asker.removedAt ? { at: asker.removedAt, by: asker.removedBy ?? '' } : null,
      };
    },

    async nameDevice(playerId, publicId, name) {
      const devices = await prisma.device.findMany({ where: { playerId }, select: { id: true } });
      const target = devices.find((d) => publicDeviceId(d.id) === publicId);
      if (!target) return false;
      const { count } = await prisma.device.updateMany({ where: { id: target.id, playerId }, data: { nickname: name } });
      return count === 1;
    },

    async rename(playerId, name) {
      await prisma.player.update({ where: { id: playerId }, data: { name } });
    },

    async setLang(playerId, lang) {
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
        const seats = await tx.seat.findMany({ where: mine, select: { roomId: true } });
        // Every line of their history, the running match's too: they played its first moves.
        await tx.matchPlayer.updateMany({ where: mine, data: { name: DELETED_PLAYER_NAME, deviceId: null, playerId: null } });
        const created = await tx.room.findMany({ where: { creatorPlayerId: playerId }, select: { id: true } });
        // Their challenges go with them (ON DELETE CASCADE): a seat kept for them is free, read again below.
        const challenged = await tx.challenge.findMany({
          where: { challengedId: playerId, status: 'pending' },
          select: { roomId: true },
        });
        await tx.room.updateMany({ where: { creatorPlayerId: playerId }, data: { creatorPlayerId: null } });
        await tx.pushSubscription.deleteMany({ where: { deviceId: { in: deviceIds } } });
        // Out of every group, each one handed to its next member, or gone when nobody is left in it.
        await leaveAllGroups(tx, playerId);
        // Devices, link codes, passkeys, friendships both ways and friend invitations go with the player,
        // by their foreign keys: nobody keeps a deleted player as a friend or a request.
        await tx.player.delete({ where: { id: playerId } });
        return {
          playerId,
          deviceIds,
          roomIds: [...new Set([...seats.map((s) => s.roomId), ...created.map((r) => r.id), ...challenged.map((c) => c.roomId)])],
        };
      });
    },

    async removeDevice(deviceId, publicId, { keepPasskeys }) {
      return prisma.$transaction(async (tx) => {
        // One removal at a time per player: of two devices removing each other at once, the second
        // finds itself gone and removes nothing.
        const playerId = await lockPlayerOf(tx, deviceId);
        if (playerId === null) return { ok: false as const, reason: 'unknown' as const };
        const devices = await tx.device.findMany({ where: { playerId } });
        const asker = devices.find((d) => d.id === deviceId);
        const target = devices.find((d) => publicDeviceId(d.id) === publicId);
        if (!asker || !target) return { ok: false as const, reason: 'unknown' as const };
        const now = new Date();
        if (!mayRemove(asker, target, now)) return { ok: false as const, reason: 'too-new' as const };
        // The device starts again as a new anonymous player; seats and history stay with the old one.
        const fresh = await tx.player.create({ data: { id: newPlayerId() } });
        // A device that leaves by itself knows why; one removed by another is told who did it.
        const told =
          target.id === asker.id ? { removedAt: null, removedBy: null } : { removedAt: now, removedBy: deviceShownName(asker) };
        await tx.device.update({
          where: { id: target.id },
          data: { playerId: fresh.id, name: '', nickname: null, joinedAt: now, ...told },
        });
        // Nothing it made brings its holder back: its codes die, its passkeys go (or stay the player's, naming no device).
        await tx.linkCode.deleteMany({ where: { deviceId: target.id } });
        if (keepPasskeys) await tx.passkey.updateMany({ where: { deviceId: target.id }, data: { deviceId: null } });
        else await tx.passkey.deleteMany({ where: { deviceId: target.id, playerId } });
        return { ok: true as const, moved: { deviceIds: [target.id], playerId: fresh.id } };
      });
    },

    async newLinkCode(deviceId, ttlMs) {
      const code = newCode();
      const codeHash = sha256(code).toString('hex');
      const expiresAt = new Date(Date.now() + ttlMs);
      await prisma.$transaction(async (tx) => {
        // For the player the device belongs to once no removal of it is under way.
        const playerId = (await lockPlayerOf(tx, deviceId))!;
        // Codes of a player that are no longer live go when a new one is made.
        await tx.linkCode.deleteMany({
          where: { playerId, OR: [{ usedAt: { not: null } }, { expiresAt: { lte: new Date() } }] },
        });
        await tx.linkCode.create({ data: { codeHash, prefix: code.slice(0, PREFIX_LENGTH), playerId, deviceId, expiresAt } });
      });
      return { publicId: publicCodeId(codeHash), code, expiresAt };
    },

    async pendingCodes(playerId) {
      if (playerId === null) return [];
      const rows = await prisma.linkCode.findMany({
        where: { playerId, usedAt: null, expiresAt: { gt: new Date() } },
        orderBy: { createdAt: 'desc' },
      });
      return rows.map((c) => ({
        publicId: publicCodeId(c.codeHash),
        device: publicDeviceId(c.deviceId),
        createdAt: c.createdAt,
        expiresAt: c.expiresAt,
      }));
    },

    async cancelCode(playerId, publicId) {
      if (playerId === null) return false;
      const rows = await prisma.linkCode.findMany({
        where: { playerId, usedAt: null, expiresAt: { gt: new Date() } },
        select: { codeHash: true },
      });
      const target = rows.find((c) => publicCodeId(c.codeHash) === publicId);
      if (!target) return false;
      const { count } = await prisma.linkCode.deleteMany({ where: { codeHash: target.codeHash, playerId, usedAt: null } });
      return count === 1;
    },

    async checkCode(code, trier) {
      const { hash: _hash, ...check } = await codeOf(code, trier);
      return check;
    },

    async link(code, principal, trier) {
      const check = await codeOf(code, trier);
      if (!check.ok || check.hash === undefined) return check.ok ? { ok: false, reason: 'invalid' } : check;
      const hash = check.hash;
      const into = check.playerId;
      const from = principal.playerId;
      return prisma.$transaction(async (tx) => {
        // Single use even when two devices race with one code: only one update finds it unused.
        const { count } = await tx.linkCode.updateMany({
          where: { codeHash: hash, usedAt: null, expiresAt: { gt: new Date() } },
          data: { usedAt: new Date() },
        });
        if (count !== 1) return { ok: false as const, reason: 'invalid' as const };
        const moved = await mergeIn(tx, from, into);
        const player = await tx.player.findUniqueOrThrow({ where: { id: into } });
        return { ok: true as const, name: player.name, merged: from !== into, moved };
      });
    },

    async mergePlayers(from, into) {
      return prisma.$transaction((tx) => mergeIn(tx, from, into));
    },
  };
}
