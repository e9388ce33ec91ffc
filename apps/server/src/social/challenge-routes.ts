import {
  CHALLENGE_TTL_SEC,
  CHALLENGES_PENDING_MAX,
  challengeBodySchema,
  challengeParamsSchema,
  type ChallengeAcceptReply,
  type ChallengeReply,
  type ChallengesReply,
  type ErrorReply,
} from '@mm/protocol';
import { families, type Preset } from '@mm/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChallengesStore, StoredChallenge } from '../db/challenges-store';
import { describeIssues, httpError } from '../errors';
import type { CreationLimit } from '../http/creation-limit';
import { asPrincipal, devicePrincipal } from '../http/principal';
import type { RoomService } from '../rooms/room-service';
import { randomId } from '../security/tokens';
import type { FriendsStore } from './store';

/** How long a challenge stays in its maker's listing. */
const LISTED_MS = 24 * 3600_000;

const STATUS: Partial<Record<ErrorReply['code'], number>> = {
  NO_SUCH_CHALLENGE: 404,
  CHALLENGE_OVER: 409,
  SEAT_RESERVED: 409,
  SEAT_TAKEN: 409,
  ROOM_NOT_FOUND: 409,
};
const refused = (reply: FastifyReply, r: ErrorReply) => httpError(reply, STATUS[r.code] ?? 400, r.code, r.message);
const NO_SUCH: [number, string, string] = [404, 'NO_SUCH_CHALLENGE', 'You made or received no challenge with this id.'];

/** A preset of the rules with no bot seat and a seat to keep beside the challenger's. */
function challengePreset(id: string): Preset | null {
  for (const family of Object.values(families())) {
    const found = family.presets.find((p) => p.id === id);
    if (found) return found.bots.length === 0 && family.seatCount(family.optionsSchema.parse(found.options)) >= 2 ? found : null;
  }
  return null;
}

/** /api/challenges… (docs/protocol.md): a friend challenged to a room with their seat kept, and the answers. */
export function registerChallengeRoutes(
  app: FastifyInstance,
  deps: {
    rooms: RoomService;
    friends: FriendsStore;
    challenges: ChallengesStore;
    creations: CreationLimit;
    /** the length of one of the room's seconds (SECOND_MS): a challenge lasts CHALLENGE_TTL_SEC of them */
    secondMs: number;
    /** a challenge was made: the challenged player's devices hear of it (a push) */
    onChallenged: (challenge: { id: string; challengedId: string; challengerName: string }) => void;
  },
): void {
  const { rooms, friends, challenges } = deps;
  const playerOf = (req: FastifyRequest): { deviceId: string; playerId: string | null } => devicePrincipal(req);

  /** The challenge `req` names, if the asking player made or received it. */
  const mine = async (req: FastifyRequest): Promise<{ c: StoredChallenge; playerId: string; deviceId: string } | null> => {
    const params = challengeParamsSchema.safeParse(req.params);
    const { playerId, deviceId } = playerOf(req);
    if (!params.success || playerId === null) return null;
    const c = await challenges.challenge(params.data.id);
    return c && (c.challengerId === playerId || c.challengedId === playerId) ? { c, playerId, deviceId } : null;
  };

  app.post('/api/challenges', { ...asPrincipal('device'), onRequest: [deps.creations.each] }, async (req, reply) => {
    const body = challengeBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const principal = playerOf(req);
    const { playerId } = principal;
    const found = playerId === null ? null : await friends.friendOf(playerId, body.data.friendId);
    if (playerId === null || !found) return httpError(reply, 404, 'NOT_YOUR_FRIEND', 'Only a friend can be challenged.');
    const preset = challengePreset(body.data.preset);
    if (!preset) return httpError(reply, 400, 'NOT_A_CHALLENGE_PRESET', 'A challenge is made from a preset with no bot seat.');
    if ((await challenges.pendingMade(playerId, new Date())) >= CHALLENGES_PENDING_MAX) {
      return httpError(reply, 429, 'TOO_MANY_CHALLENGES', `You have ${CHALLENGES_PENDING_MAX} challenges waiting for an answer.`);
    }
    const myName = body.data.name ?? (found.myName || undefined);
    const created = await rooms.create(preset.family, preset.options, { deviceId: principal.deviceId, playerId }, undefined, {
      name: myName,
    });
    if (!created.ok) return refused(reply, created);
    const seat = created.room.seats.find((s) => s.tokenHash === null && !s.bot);
    if (!seat) return httpError(reply, 400, 'NOT_A_CHALLENGE_PRESET', 'This preset leaves no seat for a friend.');
    const id = randomId(16);
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_SEC * deps.secondMs);
    const kept = await rooms.keepSeat({
      id,
      roomId: created.room.id,
      seat: seat.index,
      challengerId: playerId,
      challengedId: found.friend.playerId,
      name: found.friend.name,
      preset: preset.id,
      expiresAt,
    });
    if (!kept.ok) return refused(reply, kept);
    deps.onChallenged({ id, challengedId: found.friend.playerId, challengerName: created.seated?.name ?? found.myName });
    const sent: ChallengeReply = { id, roomId: created.room.id, expiresAt: expiresAt.toISOString() };
    return reply.code(201).send(sent);
  });

  app.get('/api/challenges', asPrincipal('device'), async (req) => {
    const { playerId } = playerOf(req);
    const now = new Date();
    const all = playerId === null ? [] : await challenges.challengesOf(playerId, new Date(now.getTime() - LISTED_MS));
    const line = (c: StoredChallenge, name: string) => ({
      id: c.id,
      name,
      preset: c.preset,
      // Past its time and not yet ended by the duty: expired all the same.
      status: c.status === 'pending' && c.expiresAt <= now ? ('expired' as const) : c.status,
      expiresAt: c.expiresAt.toISOString(),
    });
    return {
      incoming: all
        .filter((c) => c.challengedId === playerId && c.status === 'pending' && c.expiresAt > now)
        .map((c) => line(c, c.challengerName)),
      outgoing: all.filter((c) => c.challengerId === playerId).map((c) => ({ ...line(c, c.challengedName), roomId: c.roomId })),
    } satisfies ChallengesReply;
  });

  app.post('/api/challenges/:id/accept', asPrincipal('device'), async (req, reply) => {
    const found = await mine(req);
    if (!found || found.c.challengedId !== found.playerId) return httpError(reply, ...NO_SUCH);
    const { c, playerId, deviceId } = found;
    const accepted = await rooms.acceptChallenge(c.roomId, c.id, { deviceId, playerId }, c.challengedName || null);
    if (!accepted.ok) return refused(reply, accepted);
    return { roomId: c.roomId, seat: accepted.seat } satisfies ChallengeAcceptReply;
  });

  /** Ends one of the device's challenges as `status`, when its player is the challenge's `side`. */
  const endAs =
    (side: 'challengedId' | 'challengerId', status: 'declined' | 'cancelled') =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const found = await mine(req);
      if (!found || found.c[side] !== found.playerId) return httpError(reply, ...NO_SUCH);
      const ended = await rooms.endChallenge(found.c.roomId, found.c.id, status);
      if (!ended.ok) return refused(reply, ended);
      return reply.code(204).send();
    };
  app.post('/api/challenges/:id/decline', asPrincipal('device'), endAs('challengedId', 'declined'));
  app.delete('/api/challenges/:id', asPrincipal('device'), endAs('challengerId', 'cancelled'));
}
