import {
  deleteMeBodySchema,
  deviceNameBodySchema,
  deviceParamsSchema,
  langBodySchema,
  linkBodySchema,
  removeDeviceBodySchema,
  renameBodySchema,
  type LinkCodeListReply,
  type LinkCodeReply,
  type LinkPreviewReply,
  type LinkReply,
  type ExportReply,
  type MatchDetail,
  type MeReply,
  type StatsReply,
} from '@mm/protocol';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { describeIssues, httpError } from '../errors';
import type { Store, StoredMatchRecord } from '../db/store';
import { matchDetail } from '../http/matches';
import { asPrincipal, devicePrincipal, playerPrincipal } from '../http/principal';
import type { PlayerPrincipal } from '../security/principal';
import { playerStats, type StatsMatch } from './stats';
import type { Deletion, IdentityStore, LinkFailure, Moved, PrefixAlarm, RemoveFailure, Trier } from './store';

/** The most matches "Download my data" holds. */
export const EXPORT_MAX_MATCHES = 1000;

const FAILURES: Record<LinkFailure, [number, string, string]> = {
  invalid: [404, 'LINK_CODE_INVALID', 'This code is not valid: check it, or make a new one on your other device.'],
  expired: [410, 'LINK_CODE_EXPIRED', 'This code has expired (codes last ten minutes): make a new one on your other device.'],
  tries: [429, 'RATE_LIMITED', 'Too many wrong codes were tried from this address: wait an hour, or sign in with a passkey.'],
};

const REMOVE_FAILURES: Record<RemoveFailure, [number, string, string]> = {
  unknown: [404, 'NO_SUCH_DEVICE', 'You have no device with this id.'],
  'too-new': [
    403,
    'DEVICE_TOO_NEW',
    'This device joined less than a day ago: it cannot remove a device that joined before it. An older device can.',
  ],
};

/** /api/me… and /api/link… (docs/protocol.md): a player's name, devices and link codes. */
export function registerIdentityRoutes(
  app: FastifyInstance,
  deps: {
    identity: IdentityStore;
    store: Store;
    linkCodeTtlMs: number;
    linkTriesPerMinute: number;
    /** wrong link codes one address may try per hour */
    linkWrongTriesPerHour: number;
    /** devices joined another player (a link's merge): their sockets act as it from now on */
    onPlayerMerged: (moved: Moved) => Promise<void>;
    /** a device left its player for a new one: its sockets must hear it and stop acting for the player's seats */
    onDeviceRemoved: (moved: Moved) => void;
    /** a player deleted themselves: their devices' sockets must hear it, the rooms they sat in or made must see it */
    onPlayerDeleted: (deletion: Deletion) => Promise<void>;
  },
): void {
  const { identity } = deps;
  // Guessing codes is bounded per address only: tries per minute (the rate limit) and wrong codes per
  // hour (the store). Nothing a stranger tries can kill or block someone's code: the wrong tries aimed
  // at a prefix only raise an alarm in the log. With 40 bits a code, that keeps guessing hopeless.
  const perAddress = { max: deps.linkTriesPerMinute, timeWindow: 60_000, groupId: 'link' };
  const trier = (address: string): Trier => ({ address, wrongTriesPerHour: deps.linkWrongTriesPerHour });
  const alarm = (found: { alarm?: PrefixAlarm }): void => {
    if (found.alarm) app.log.warn(found.alarm, 'many wrong link codes aimed at one prefix: someone may be guessing codes');
  };

  // Who asks: the routes that act for the player (made on first use) and those that only read it.
  const PLAYER = asPrincipal('player');
  const DEVICE = asPrincipal('device');

  const me = async (principal: PlayerPrincipal): Promise<MeReply> => {
    const found = await identity.me(principal);
    return {
      name: found.name,
      lang: found.lang,
      devices: found.devices.map((d) => ({
        id: d.publicId,
        label: d.label,
        name: d.name,
        lastSeenAt: d.lastSeenAt.toISOString(),
        joinedAt: d.joinedAt.toISOString(),
        current: d.current,
        mayRemove: d.mayRemove,
      })),
      newUntil: found.newUntil?.toISOString() ?? null,
      removed: found.removed ? { at: found.removed.at.toISOString(), by: found.removed.by } : null,
    };
  };

  app.get('/api/me', PLAYER, async (req) => me(playerPrincipal(req)));

  /** The player's matches, newest first, as stored with their logs (at most EXPORT_MAX_MATCHES), each given to `take`. */
  const eachMatch = async (playerId: string, take: (record: StoredMatchRecord) => boolean): Promise<void> => {
    let taken = 0;
    let cursor: string | undefined;
    for (;;) {
      const rows = await deps.store.listMatches(playerId, { limit: 100, cursor });
      for (const row of rows) {
        const record = await deps.store.loadMatch(row.match.id);
        if (record && take(record)) taken++;
        if (taken >= EXPORT_MAX_MATCHES) return;
      }
      cursor = rows.at(-1)?.match.id;
      if (rows.length < 100 || cursor === undefined) return;
    }
  };

  app.get('/api/me/export', PLAYER, async (req, reply) => {
    const principal = playerPrincipal(req);
    const found = await identity.me(principal);
    const matches: MatchDetail[] = [];
    await eachMatch(found.playerId, (record) => {
      const detail = matchDetail(record);
      // As the public replay shows it: a match still played with spectating off shows nothing yet.
      if (!detail || !(detail.finished || record.spectators)) return false;
      matches.push(detail);
      return true;
    });
    const body: ExportReply = {
      exportedAt: new Date().toISOString(),
      player: { name: found.name, createdAt: found.createdAt.toISOString() },
      devices: (await me(principal)).devices,
      matches,
    };
    return reply.header('content-disposition', 'attachment; filename="mastermind-my-data.json"').send(body);
  });

  app.get('/api/me/stats', DEVICE, async (req) => {
    const { playerId } = devicePrincipal(req);
    const finished: StatsMatch[] = [];
    if (playerId !== null) {
      await eachMatch(playerId, (record) => {
        const detail = matchDetail(record);
        const seats = record.players.filter((p) => p.playerId === playerId).map((p) => p.seat);
        if (!detail?.finished || seats.length === 0) return false;
        finished.push({
          family: detail.family,
          options: detail.options,
          seats,
          result: { winners: detail.status.winners, draw: detail.status.draw, scores: detail.status.scores },
          review: detail.view,
          daily: record.daily !== null,
        });
        return true;
      });
    }
    return playerStats(finished.reverse()) satisfies StatsReply;
  });

  // One setting of the player, on every device at once; the answer is the whole player.
  const setting = <T>(path: string, schema: z.ZodType<T>, save: (playerId: string, body: T) => Promise<void>): void => {
    app.put(path, PLAYER, async (req, reply) => {
      const principal = playerPrincipal(req);
      const body = schema.safeParse(req.body ?? {});
      if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
      await save(principal.playerId, body.data);
      return me(principal);
    });
  };
  setting('/api/me/name', renameBodySchema, (playerId, body) => identity.rename(playerId, body.name));
  setting('/api/me/lang', langBodySchema, (playerId, body) => identity.setLang(playerId, body.lang));

  app.delete('/api/me', DEVICE, async (req, reply) => {
    const { deviceId } = devicePrincipal(req);
    const body = deleteMeBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const deleted = await identity.deleteMe(deviceId);
    if (deleted) await deps.onPlayerDeleted(deleted);
    return reply.code(204).send();
  });

  app.delete('/api/me/devices/:id', DEVICE, async (req, reply) => {
    const { deviceId } = devicePrincipal(req);
    const params = deviceParamsSchema.safeParse(req.params);
    // An id of another player's device gets the same answer as one that does not exist.
    if (!params.success) return httpError(reply, ...REMOVE_FAILURES.unknown);
    const body = removeDeviceBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const removed = await identity.removeDevice(deviceId, params.data.id, body.data);
    if (!removed.ok) return httpError(reply, ...REMOVE_FAILURES[removed.reason]);
    deps.onDeviceRemoved(removed.moved);
    return reply.code(204).send();
  });

  app.put('/api/me/devices/:id/name', DEVICE, async (req, reply) => {
    const { deviceId, playerId } = devicePrincipal(req);
    const params = deviceParamsSchema.safeParse(req.params);
    const body = deviceNameBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    // A device never seen has no devices to name: its player is not made for a refusal.
    const named = playerId !== null && params.success && (await identity.nameDevice(playerId, params.data.id, body.data.name));
    if (!named) return httpError(reply, ...REMOVE_FAILURES.unknown);
    return me({ deviceId, playerId });
  });

  app.post('/api/me/link-codes', { config: { rateLimit: perAddress, principal: 'player' } }, async (req, reply) => {
    const { publicId, code, expiresAt } = await identity.newLinkCode(playerPrincipal(req).deviceId, deps.linkCodeTtlMs);
    const body: LinkCodeReply = { id: publicId, code, expiresAt: expiresAt.toISOString() };
    return reply.code(201).send(body);
  });

  app.get('/api/me/link-codes', DEVICE, async (req) => {
    const codes = (await identity.pendingCodes(devicePrincipal(req).playerId)).map((c) => ({
      id: c.publicId,
      device: c.device,
      createdAt: c.createdAt.toISOString(),
      expiresAt: c.expiresAt.toISOString(),
    }));
    return { codes } satisfies LinkCodeListReply;
  });

  app.delete('/api/me/link-codes/:id', DEVICE, async (req, reply) => {
    const params = deviceParamsSchema.safeParse(req.params);
    const cancelled = params.success && (await identity.cancelCode(devicePrincipal(req).playerId, params.data.id));
    if (!cancelled) return httpError(reply, 404, 'NO_SUCH_LINK_CODE', 'You have no pending code with this id.');
    return reply.code(204).send();
  });

  app.post('/api/link/preview', { config: { rateLimit: perAddress } }, async (req, reply) => {
    const body = linkBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const check = await identity.checkCode(body.data.code, trier(req.ip));
    alarm(check);
    if (!check.ok) return httpError(reply, ...FAILURES[check.reason]);
    return { name: check.name } satisfies LinkPreviewReply;
  });

  app.post('/api/link', { config: { rateLimit: perAddress, principal: 'player' } }, async (req, reply) => {
    const principal = playerPrincipal(req);
    const body = linkBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const linked = await identity.link(body.data.code, principal, trier(req.ip));
    alarm(linked);
    if (!linked.ok) return httpError(reply, ...FAILURES[linked.reason]);
    // Answered once the seats follow: the page then finds them its player's.
    await deps.onPlayerMerged(linked.moved);
    return { name: linked.name, merged: linked.merged } satisfies LinkReply;
  });
}
