import {
  createRoomBodySchema,
  createRoomHeadersSchema,
  DEVICE_TOKEN_HEADER,
  matchListHeadersSchema,
  matchListQuerySchema,
  matchParamsSchema,
  roomIdSchema,
  type CreateRoomReply,
  type MatchListReply,
} from '@mm/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Store, StoredMatchSummary } from '../db/store';
import type { PresenceReader } from '../rooms/presence';
import type { RoomService } from '../rooms/room-service';
import { describeIssues, httpError } from '../errors';
import { botsOnly, type BotRoomLimit } from './bot-rooms';
import type { CreationLimit } from './creation-limit';
import { matchDetail, matchListItem } from './matches';
import { asPrincipal } from './principal';

/** A health check: never rate-limited, logged at debug only. */
export const isHealthCheck = (url: string): boolean => url === '/api/health' || url.startsWith('/api/health/');

/** GET /api/… requests one address may make in one window, and how many a second that averages. */
export const READ_BURST = 120;
export const READS_PER_SECOND = 20;

export function registerApiRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    rooms: RoomService;
    store: Store;
    /** who is in each room (the transport counts them) */
    presence: PresenceReader;
    dbKind: 'embedded' | 'postgres';
    /** the origin of absolute links (PUBLIC_URL): never the request's Host or X-Forwarded-* headers */
    publicOrigin: () => string;
    /** rooms of bots only per address (BOT_ROOMS_PER_IP); without it, not bounded */
    botRooms?: BotRoomLimit;
    /** the address's bound on rooms, daily attempts and new players (ROOM_CREATE_BURST) */
    creations: CreationLimit;
    /** whether the Code of the day `n` is revealed now: until then a daily match is its player's alone */
    dailyRevealed?: (n: number) => boolean;
  },
): void {
  const { rooms, presence } = deps;
  // Reads are cheap but each may fold a match's log: bound them per address (edge.ts registers the plugin).
  const readLimit = app.rateLimit({ max: READ_BURST, timeWindow: (READ_BURST / READS_PER_SECOND) * 1000, groupId: 'read' });
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.url.startsWith('/api/') || isHealthCheck(req.url)) return;
    await readLimit.call(app, req, reply);
  });
  // Room creation is a write an anonymous caller can repeat cheaply: it draws on the address's creation bound.
  app.post('/api/rooms', { onRequest: [deps.creations.each], ...asPrincipal('optional') }, async (req, reply) => {
    const headers = createRoomHeadersSchema.safeParse(req.headers);
    if (!headers.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(headers.error));
    const parsed = createRoomBodySchema().safeParse(req.body ?? {});
    if (!parsed.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(parsed.error));
    const { family, options, bots, botStrength, hints, takeOverAfterSec, turnSeconds, sit } = parsed.data;
    // The header was checked above: a principal here is the device it names.
    const create = () =>
      rooms.create(family, options, req.principal, { bots, botStrength, hints, takeOverAfterSec, turnSeconds }, sit);
    const created =
      deps.botRooms && botsOnly(family, options, bots) ? await deps.botRooms.within(req.ip, create) : await create();
    if (!created) {
      return httpError(
        reply,
        429,
        'TOO_MANY_BOT_ROOMS',
        `Your address has ${deps.config.botRoomsPerIp} rooms of bots only still being played: watch one to its end, or seat a person, before making another.`,
      );
    }
    // The service answers every refusal (bots outside the table, no seat left to sit in).
    if (!created.ok) return httpError(reply, 400, created.code, created.message);
    const { room, seated } = created;
    const body: CreateRoomReply = { id: room.id, url: new URL(`/r/${room.id}`, deps.publicOrigin()).toString(), seated };
    return reply.code(201).send(body);
  });

  /** Whether the request names a device of one of these players (a sealed room's seats, a private match's players). */
  const asksAsOneOf = (req: FastifyRequest, players: readonly { playerId: string | null }[]): boolean => {
    const asking = req.principal?.playerId ?? null;
    return asking !== null && players.some((p) => p.playerId === asking);
  };

  app.get<{ Params: { id: string } }>('/api/rooms/:id', asPrincipal('optional'), async (req, reply) => {
    const id = roomIdSchema.safeParse(req.params.id);
    if (!id.success) return httpError(reply, 404, 'ROOM_NOT_FOUND', 'This room does not exist.');
    const room = await rooms.refresh(id.data);
    if (!room) return httpError(reply, 404, 'ROOM_NOT_FOUND', 'This room does not exist.');
    // A sealed room (the Code of the day's) is watched by nobody: to anyone but its player, it does not exist.
    if (room.daily !== null && !asksAsOneOf(req, room.seats)) {
      return httpError(reply, 404, 'ROOM_NOT_FOUND', 'This room does not exist.');
    }
    const { connected, spectators } = await presence.presence(room.id);
    return room.summary(connected, spectators);
  });

  /** Whether this player owes a move in the match now, and until when (its room's current match only). */
  const turnOf = async (row: StoredMatchSummary, playerId: string): Promise<{ yourTurn: boolean; deadline: string | null }> => {
    const none = { yourTurn: false, deadline: null };
    if (row.match.finishedAt !== null) return none;
    // A Code of the day once revealed takes no move any more (RoomService): nobody owes one.
    if (row.daily !== null && deps.dailyRevealed?.(row.daily)) return none;
    const mine = row.players.filter((p) => p.playerId === playerId).map((p) => p.seat);
    if (mine.length === 0) return none;
    const room = await rooms.refresh(row.roomId);
    if (!room || room.matchId !== row.match.id) return none;
    const owing = room.status().toAct.filter((s) => mine.includes(s));
    if (owing.length === 0) return none;
    const due = room
      .deadlines()
      .filter((d) => owing.includes(d.seat))
      .map((d) => d.at);
    return { yourTurn: true, deadline: due.length ? new Date(Math.min(...due)).toISOString() : null };
  };

  app.get('/api/matches', asPrincipal('optional'), async (req, reply) => {
    const headers = matchListHeadersSchema.safeParse(req.headers);
    if (!headers.success) {
      return httpError(
        reply,
        400,
        'BAD_REQUEST',
        `the ${DEVICE_TOKEN_HEADER} header names this device: ${describeIssues(headers.error)}`,
      );
    }
    const query = matchListQuerySchema.safeParse(req.query);
    if (!query.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(query.error));
    // The header was checked above: the principal is the device it names.
    const playerId = req.principal?.playerId ?? null;
    if (playerId === null) return { matches: [], nextCursor: null } satisfies MatchListReply;
    const { limit, cursor } = query.data;
    // One more than asked tells whether an older page exists.
    const rows = await deps.store.listMatches(playerId, { limit: limit + 1, cursor });
    const page = rows.slice(0, limit);
    const items = await Promise.all(page.map(async (row) => matchListItem(row, playerId, await turnOf(row, playerId))));
    // "Your turn" first (within the page), each group newest first as stored.
    const body: MatchListReply = {
      matches: [...items.filter((m) => m.yourTurn), ...items.filter((m) => !m.yourTurn)],
      nextCursor: rows.length > limit ? (page.at(-1)?.match.id ?? null) : null,
    };
    return body;
  });

  app.get('/api/matches/:id', asPrincipal('optional'), async (req, reply) => {
    const params = matchParamsSchema.safeParse(req.params);
    if (!params.success) return httpError(reply, 404, 'MATCH_NOT_FOUND', 'No match has this id.');
    const record = await deps.store.loadMatch(params.data.id);
    if (!record) return httpError(reply, 404, 'MATCH_NOT_FOUND', 'No match has this id.');
    // A daily match not yet revealed is answered as if it did not exist to anyone but a device of its player
    // (read from the match's own seat: a merge may have dropped its DailyAttempt row).
    const { daily } = record;
    const revealed = daily !== null && deps.dailyRevealed?.(daily) === true;
    if (daily !== null && !revealed && !asksAsOneOf(req, record.players)) {
      return httpError(reply, 404, 'MATCH_NOT_FOUND', 'No match has this id.');
    }
    const detail = matchDetail(record);
    if (!detail) return httpError(reply, 404, 'MATCH_NOT_FOUND', 'This match belongs to no game this server knows.');
    // A revealed daily is public, over or not: one left unfinished at the reveal never will be.
    if (!detail.finished && !record.spectators && !revealed) {
      return httpError(reply, 403, 'SPECTATING_OFF', 'Spectating is off in this room: the match can be seen once it is over.');
    }
    return daily !== null ? { ...detail, daily } : detail;
  });
}
