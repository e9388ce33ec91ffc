import {
  FRIEND_INVITE_TTL_MS,
  friendInviteBodySchema,
  friendParamsSchema,
  type FriendInviteAcceptReply,
  type FriendInvitePreviewReply,
  type FriendInviteReply,
  type FriendRelationReply,
  type FriendsReply,
} from '@mm/protocol';
import type { FastifyInstance } from 'fastify';
import { describeIssues, httpError } from '../errors';
import { asPrincipal, playerPrincipal } from '../http/principal';
import type { CreationLimit } from '../http/creation-limit';
import { requestPlayer } from './player';
import type { FriendsListing, FriendsStore, InviteFailure } from './store';

const INVITE_FAILURES: Record<InviteFailure, [number, string, string]> = {
  invalid: [404, 'FRIEND_INVITE_INVALID', 'This friend invitation is not valid (used already, or revoked): ask for a new one.'],
  expired: [410, 'FRIEND_INVITE_EXPIRED', 'This friend invitation has expired (they last a week): ask for a new one.'],
  own: [409, 'OWN_FRIEND_INVITE', 'This friend invitation is your own: send it to someone else.'],
};
const NOT_PLAYED_WITH: [number, string, string] = [
  404,
  'NOT_PLAYED_WITH',
  'You have not finished a match with anyone of this id: play one together, or send them a friend invitation link.',
];
/** What a device with no player yet has. */
const NOBODY: FriendsListing = { friends: [], asking: [], asked: [], playedWith: [], invites: [] };
const NOT_A_FRIEND: [number, string, string] = [404, 'NOT_A_FRIEND', 'You have no friend or request with anyone of this id.'];

/** /api/friends… (docs/protocol.md): friends, requests both ways, people played with, invitation links. */
export function registerFriendRoutes(
  app: FastifyInstance,
  deps: {
    friends: FriendsStore;
    creations: CreationLimit;
    /** invitation previews and acceptances one address may try per minute */
    triesPerMinute: number;
  },
): void {
  const { friends } = deps;
  // 128 bits a token makes guessing hopeless; the bound keeps anyone from trying at length all the same.
  const perAddress = { rateLimit: { max: deps.triesPerMinute, timeWindow: 60_000, groupId: 'friend-invite' } };

  app.get('/api/friends', asPrincipal('device'), async (req) => {
    const playerId = requestPlayer(req);
    const found = playerId === null ? NOBODY : await friends.listing(playerId);
    return {
      friends: found.friends.map((f) => ({ id: f.id, name: f.name, since: f.since.toISOString() })),
      asking: found.asking.map((f) => ({ id: f.id, name: f.name, at: f.at.toISOString() })),
      asked: found.asked.map((f) => ({ id: f.id, name: f.name, at: f.at.toISOString() })),
      playedWith: found.playedWith,
      invites: found.invites.map((i) => ({
        id: i.id,
        createdAt: i.createdAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
      })),
    } satisfies FriendsReply;
  });

  app.put('/api/friends/:id', asPrincipal('device'), async (req, reply) => {
    const playerId = requestPlayer(req);
    const params = friendParamsSchema.safeParse(req.params);
    const relation = params.success && playerId !== null ? await friends.ask(playerId, params.data.id) : null;
    if (relation === null) return httpError(reply, ...NOT_PLAYED_WITH);
    return { relation } satisfies FriendRelationReply;
  });

  app.delete('/api/friends/:id', asPrincipal('device'), async (req, reply) => {
    const playerId = requestPlayer(req);
    const params = friendParamsSchema.safeParse(req.params);
    const removed = params.success && playerId !== null && (await friends.remove(playerId, params.data.id));
    if (!removed) return httpError(reply, ...NOT_A_FRIEND);
    return reply.code(204).send();
  });

  app.post('/api/friends/invites', { config: { principal: 'player' }, onRequest: [deps.creations.each] }, async (req, reply) => {
    const { playerId } = playerPrincipal(req);
    const made = await friends.newInvite(playerId, FRIEND_INVITE_TTL_MS);
    const body: FriendInviteReply = { id: made.id, token: made.token, expiresAt: made.expiresAt.toISOString() };
    return reply.code(201).send(body);
  });

  app.delete('/api/friends/invites/:id', asPrincipal('device'), async (req, reply) => {
    const playerId = requestPlayer(req);
    const params = friendParamsSchema.safeParse(req.params);
    const revoked = params.success && playerId !== null && (await friends.revokeInvite(playerId, params.data.id));
    if (!revoked) return httpError(reply, 404, 'NO_SUCH_FRIEND_INVITE', 'You have no live friend invitation with this id.');
    return reply.code(204).send();
  });

  app.post('/api/friends/invites/preview', { config: perAddress }, async (req, reply) => {
    const body = friendInviteBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const found = await friends.checkInvite(body.data.token);
    if (!found.ok) return httpError(reply, ...INVITE_FAILURES[found.reason]);
    return { name: found.name } satisfies FriendInvitePreviewReply;
  });

  // Accepting may make the player of a device never seen: it draws on the creation bound then (MAKES_PLAYER).
  app.post('/api/friends/invites/accept', { config: { ...perAddress, principal: 'player' } }, async (req, reply) => {
    const body = friendInviteBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const { playerId } = playerPrincipal(req);
    const accepted = await friends.acceptInvite(body.data.token, playerId);
    if (!accepted.ok) return httpError(reply, ...INVITE_FAILURES[accepted.reason]);
    return { friend: accepted.friend } satisfies FriendInviteAcceptReply;
  });
}
