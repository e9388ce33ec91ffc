import {
  deviceHeadersSchema,
  deviceParamsSchema,
  DEVICE_TOKEN_HEADER,
  linkBodySchema,
  renameBodySchema,
  type LinkCodeReply,
  type LinkPreviewReply,
  type LinkReply,
  type ExportReply,
  type MatchDetail,
  type MeReply,
} from '@mm/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeIssues, httpError } from '../errors';
import { hashToken } from '../security/tokens';
import type { Store } from '../db/store';
import { matchDetail } from '../http/matches';
import type { IdentityStore, LinkFailure } from './store';

/** The most matches "Download my data" holds. */
export const EXPORT_MAX_MATCHES = 1000;

const FAILURES: Record<LinkFailure, [number, string, string]> = {
  invalid: [404, 'LINK_CODE_INVALID', 'This code is not valid: check it, or make a new one on your other device.'],
  expired: [410, 'LINK_CODE_EXPIRED', 'This code has expired (codes last ten minutes): make a new one on your other device.'],
  dead: [410, 'LINK_CODE_DEAD', 'Too many wrong codes were tried: this one no longer works. Make a new one.'],
};

/** The device a request names (the hash of its token), or null once it has been answered 400. */
export function requestDevice(req: FastifyRequest, reply: FastifyReply): string | null {
  const headers = deviceHeadersSchema.safeParse(req.headers);
  if (headers.success) return hashToken(headers.data[DEVICE_TOKEN_HEADER]);
  void httpError(reply, 400, 'BAD_REQUEST', `A valid ${DEVICE_TOKEN_HEADER} header names this device.`);
  return null;
}

/** /api/me… and /api/link… (docs/protocol.md): a player's name, devices and link codes. */
export function registerIdentityRoutes(
  app: FastifyInstance,
  deps: {
    identity: IdentityStore;
    store: Store;
    linkCodeTtlMs: number;
    linkTriesPerMinute: number;
    /** a device left its player: its sockets must hear it and stop acting for the player's seats */
    onDeviceRemoved: (deviceId: string) => void;
  },
): void {
  const { identity } = deps;
  // Guessing codes is bounded twice: per address, and per code (its first two characters, by which
  // a guess is compared), besides the five wrong tries that kill a code.
  const perAddress = { max: deps.linkTriesPerMinute, timeWindow: 60_000, groupId: 'link' };
  const perCode = app.rateLimit({
    max: deps.linkTriesPerMinute,
    timeWindow: 60_000,
    groupId: 'link-code',
    keyGenerator: (req) => {
      const body = linkBodySchema.safeParse(req.body ?? {});
      return body.success ? `code:${body.data.code.slice(0, 2)}` : `ip:${req.ip}`;
    },
  });

  const device = requestDevice;

  const me = async (deviceId: string, userAgent: string | undefined): Promise<MeReply> => {
    const found = await identity.me(deviceId, userAgent);
    return {
      name: found.name,
      devices: found.devices.map((d) => ({
        id: d.publicId,
        label: d.label,
        lastSeenAt: d.lastSeenAt.toISOString(),
        current: d.current,
      })),
    };
  };

  app.get('/api/me', async (req, reply) => {
    const deviceId = device(req, reply);
    if (deviceId === null) return reply;
    return me(deviceId, req.headers['user-agent']);
  });

  app.get('/api/me/export', async (req, reply) => {
    const deviceId = device(req, reply);
    if (deviceId === null) return reply;
    const found = await identity.me(deviceId, req.headers['user-agent']);
    const matches: MatchDetail[] = [];
    let cursor: string | undefined;
    for (;;) {
      const rows = await deps.store.listMatches(found.playerId, { limit: 100, cursor });
      for (const row of rows) {
        const record = await deps.store.loadMatch(row.match.id);
        const detail = record ? matchDetail(record) : null;
        // As the public replay shows it: a match still played with spectating off shows nothing yet.
        if (detail && record && (detail.finished || record.spectators)) matches.push(detail);
      }
      cursor = rows.at(-1)?.match.id;
      if (rows.length < 100 || matches.length >= EXPORT_MAX_MATCHES || cursor === undefined) break;
    }
    const body: ExportReply = {
      exportedAt: new Date().toISOString(),
      player: { name: found.name, createdAt: found.createdAt.toISOString() },
      devices: (await me(deviceId, req.headers['user-agent'])).devices,
      matches: matches.slice(0, EXPORT_MAX_MATCHES),
    };
    return reply.header('content-disposition', 'attachment; filename="mastermind-my-data.json"').send(body);
  });

  app.put('/api/me/name', async (req, reply) => {
    const deviceId = device(req, reply);
    if (deviceId === null) return reply;
    const body = renameBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    await identity.rename(deviceId, body.data.name);
    return me(deviceId, req.headers['user-agent']);
  });

  app.delete('/api/me/devices/:id', async (req, reply) => {
    const deviceId = device(req, reply);
    if (deviceId === null) return reply;
    const params = deviceParamsSchema.safeParse(req.params);
    const removed = params.success ? await identity.removeDevice(deviceId, params.data.id) : null;
    // An id of another player's device gets the same answer as one that does not exist.
    if (removed === null) return httpError(reply, 404, 'NO_SUCH_DEVICE', 'You have no device with this id.');
    deps.onDeviceRemoved(removed);
    return reply.code(204).send();
  });

  app.post('/api/me/link-codes', { config: { rateLimit: perAddress } }, async (req, reply) => {
    const deviceId = device(req, reply);
    if (deviceId === null) return reply;
    const { code, expiresAt } = await identity.newLinkCode(deviceId, deps.linkCodeTtlMs);
    const body: LinkCodeReply = { code, expiresAt: expiresAt.toISOString() };
    return reply.code(201).send(body);
  });

  app.post('/api/link/preview', { config: { rateLimit: perAddress }, preHandler: perCode }, async (req, reply) => {
    const body = linkBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const check = await identity.checkCode(body.data.code);
    if (!check.ok) return httpError(reply, ...FAILURES[check.reason]);
    return { name: check.name } satisfies LinkPreviewReply;
  });

  app.post('/api/link', { config: { rateLimit: perAddress }, preHandler: perCode }, async (req, reply) => {
    const deviceId = device(req, reply);
    if (deviceId === null) return reply;
    const body = linkBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const linked = await identity.link(body.data.code, deviceId);
    if (!linked.ok) return httpError(reply, ...FAILURES[linked.reason]);
    return { name: linked.name, merged: linked.merged } satisfies LinkReply;
  });
}
