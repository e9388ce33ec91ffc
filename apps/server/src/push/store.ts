import type { Lang } from '@mm/rules';
import type { Database } from '../db/database';

/** A device keeps at most this many subscriptions (phone, laptop, a reinstalled browser…): the newest. */
export const MAX_SUBSCRIPTIONS_PER_DEVICE = 5;

export interface StoredSubscription {
  endpoint: string;
  deviceId: string;
  p256dh: string;
  auth: string;
  lang: Lang;
}

export interface PushStore {
  /** Saves (or moves to `deviceId`, refreshed) a subscription, then drops the device's oldest beyond the limit. */
  subscribe(sub: StoredSubscription): Promise<void>;
  /** Forgets `endpoint` if `deviceId` holds it. */
  unsubscribe(deviceId: string, endpoint: string): Promise<void>;
  /** Forgets `endpoint` whoever holds it (the push service says it is gone). */
  forget(endpoint: string): Promise<void>;
  subscriptionsOf(deviceIds: readonly string[]): Promise<StoredSubscription[]>;
  /** The subscriptions of every device of the player holding the seat now (read from the database: a merge may have moved it). */
  subscriptionsOfSeat(roomId: string, seat: number): Promise<StoredSubscription[]>;
  /** every subscription of every device of the player */
  subscriptionsOfPlayer(playerId: string): Promise<StoredSubscription[]>;
  /** Claims the occasion `key` once across every process: true only for the first caller. */
  claimOnce(key: string): Promise<boolean>;
  /** Drops the record of occasions claimed before `date` (their turns are long over). */
  forgetClaimsBefore(date: Date): Promise<void>;
  /** The stored VAPID key pair, made with `make` by the first process that needs one. */
  vapidKeys(make: () => { publicKey: string; privateKey: string }): Promise<{ publicKey: string; privateKey: string }>;
}

const VAPID_ROW = 'vapid';

export function createPushStore(db: Database): PushStore {
  const { prisma } = db;
  return {
    async subscribe(sub) {
      await prisma.$transaction(async (tx) => {
        await tx.pushSubscription.upsert({
          where: { endpoint: sub.endpoint },
          create: { ...sub },
          update: { deviceId: sub.deviceId, p256dh: sub.p256dh, auth: sub.auth, lang: sub.lang, createdAt: new Date() },
        });
        const extra = await tx.pushSubscription.findMany({
          where: { deviceId: sub.deviceId },
          orderBy: [{ createdAt: 'desc' }, { endpoint: 'asc' }],
          skip: MAX_SUBSCRIPTIONS_PER_DEVICE,
          select: { endpoint: true },
        });
        if (extra.length > 0) await tx.pushSubscription.deleteMany({ where: { endpoint: { in: extra.map((e) => e.endpoint) } } });
      });
    },
    async unsubscribe(deviceId, endpoint) {
      await prisma.pushSubscription.deleteMany({ where: { deviceId, endpoint } });
    },
    async forget(endpoint) {
      await prisma.pushSubscription.deleteMany({ where: { endpoint } });
    },
    async subscriptionsOf(deviceIds) {
      if (deviceIds.length === 0) return [];
      const rows = await prisma.pushSubscription.findMany({ where: { deviceId: { in: [...deviceIds] } } });
      return rows.map((r) => ({
        endpoint: r.endpoint,
        deviceId: r.deviceId,
        p256dh: r.p256dh,
        auth: r.auth,
        lang: r.lang as Lang,
      }));
    },
    async subscriptionsOfSeat(roomId, seat) {
      const rows = await prisma.$queryRawUnsafe<
        { endpoint: string; deviceId: string; p256dh: string; auth: string; lang: string }[]
      >(
        `SELECT ps.endpoint, ps."deviceId", ps.p256dh, ps.auth, ps.lang
         FROM "Seat" s JOIN "Device" d ON d."playerId" = s."playerId" JOIN "PushSubscription" ps ON ps."deviceId" = d.id
         WHERE s."roomId" = $1 AND s.index = $2::int`,
        roomId,
        seat,
      );
      return rows.map((r) => ({ ...r, lang: r.lang as Lang }));
    },
    async subscriptionsOfPlayer(playerId) {
      const devices = await prisma.device.findMany({ where: { playerId }, select: { id: true } });
      return this.subscriptionsOf(devices.map((d) => d.id));
    },
    async claimOnce(key) {
      const { count } = await prisma.pushSent.createMany({ data: [{ key }], skipDuplicates: true });
      return count === 1;
    },
    async forgetClaimsBefore(date) {
      await prisma.pushSent.deleteMany({ where: { createdAt: { lt: date } } });
    },
    async vapidKeys(make) {
      const existing = await prisma.pushKey.findUnique({ where: { id: VAPID_ROW } });
      if (existing) return { publicKey: existing.publicKey, privateKey: existing.privateKey };
      // Two processes starting together may both make a pair: the row's fixed id keeps the first, and both read it.
      await prisma.pushKey.createMany({ data: [{ id: VAPID_ROW, ...make() }], skipDuplicates: true });
      const row = await prisma.pushKey.findUniqueOrThrow({ where: { id: VAPID_ROW } });
      return { publicKey: row.publicKey, privateKey: row.privateKey };
    },
  };
}
