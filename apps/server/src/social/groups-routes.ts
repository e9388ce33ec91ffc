import {
  createGroupBodySchema,
  GROUP_WEEK_MATCHES_MAX,
  groupInviteBodySchema,
  groupMemberParamsSchema,
  groupParamsSchema,
  tableGroupParamsSchema,
  type GroupInviteReply,
  type GroupJoinReply,
  type GroupPageReply,
  type GroupPreviewReply,
  type GroupsReply,
} from '@mm/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { describeIssues, httpError } from '../errors';
import type { CreationLimit } from '../http/creation-limit';
import { asPrincipal, playerPrincipal } from '../http/principal';
import { groupPage } from './groups-page';
import type { GroupsStore, JoinFailure, RemoveFailure } from './groups-store';
import { weekOf } from './league';
import { requestPlayer } from './player';
import { publicPersonId } from './store';

/** The matches a week's league counts at most (the page lists fewer). */
const LEAGUE_MATCHES_MAX = 2000;

type Refusal = [number, string, string];
const NO_SUCH_GROUP: Refusal = [404, 'NO_SUCH_GROUP', 'You are in no group of this id.'];
const TOO_MANY_GROUPS: Refusal = [409, 'TOO_MANY_GROUPS', 'You are in as many groups as a player may be: leave one first.'];
const JOIN_FAILURES: Record<JoinFailure, Refusal> = {
  invalid: [
    404,
    'GROUP_INVITE_INVALID',
    'This group invitation is not valid (mistyped, or replaced by a newer link): ask for a new one.',
  ],
  full: [409, 'GROUP_FULL', 'This group has as many members as a group may have.'],
  'too-many': TOO_MANY_GROUPS,
};
const REMOVE_FAILURES: Record<RemoveFailure, Refusal> = {
  'no-group': NO_SUCH_GROUP,
  'not-member': [404, 'NOT_A_MEMBER', 'Nobody of this id is a member of the group.'],
  'not-maker': [403, 'NOT_GROUP_MAKER', 'Only the group’s maker may do that.'],
};

/** /api/groups… (docs/protocol.md): a player's groups, a group page, joining by link, leaving and removing. */
export function registerGroupRoutes(
  app: FastifyInstance,
  deps: {
    groups: GroupsStore;
    now: () => Date;
    creations: CreationLimit;
    /** invitation previews and joins one address may try per minute */
    triesPerMinute: number;
  },
): void {
  const { groups } = deps;
  // 128 bits a token makes guessing hopeless; the bound keeps anyone from trying at length all the same.
  const perAddress = { rateLimit: { max: deps.triesPerMinute, timeWindow: 60_000, groupId: 'group-invite' } };
  const refuse = (reply: FastifyReply, refusal: Refusal): FastifyReply => httpError(reply, ...refusal);

  app.get('/api/groups', asPrincipal('device'), async (req) => {
    const playerId = requestPlayer(req);
    return { groups: playerId === null ? [] : await groups.mine(playerId) } satisfies GroupsReply;
  });

  app.post('/api/groups', { config: { principal: 'player' }, onRequest: [deps.creations.each] }, async (req, reply) => {
    const body = createGroupBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const made = await groups.create(playerPrincipal(req).playerId, body.data);
    if (made === null) return refuse(reply, TOO_MANY_GROUPS);
    return reply.code(201).send(made satisfies GroupInviteReply);
  });

  // One tap from a table's running score: a group of the caller, whose link the table then shares.
  // Only someone who finished a match at that table may; nobody else is put in a group unasked.
  app.post('/api/rooms/:id/group', { config: { principal: 'player' }, onRequest: [deps.creations.each] }, async (req, reply) => {
    const params = tableGroupParamsSchema.safeParse(req.params);
    const body = createGroupBodySchema.safeParse(req.body ?? {});
    if (!params.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(params.error));
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const { playerId } = playerPrincipal(req);
    const played = await groups.finishedAt(params.data.id, playerId);
    if (played === null) return httpError(reply, 404, 'ROOM_NOT_FOUND', 'This room does not exist.');
    if (!played)
      return httpError(reply, 403, 'NOT_AT_TABLE', 'Only someone who finished a match at this table may make its group.');
    const made = await groups.create(playerId, body.data);
    if (made === null) return refuse(reply, TOO_MANY_GROUPS);
    return reply.code(201).send(made satisfies GroupInviteReply);
  });

  app.get('/api/groups/:id', asPrincipal('device'), async (req, reply) => {
    const playerId = requestPlayer(req);
    const params = groupParamsSchema.safeParse(req.params);
    const facts = params.success && playerId !== null ? await groups.group(params.data.id, playerId) : null;
    if (facts === null || playerId === null) return refuse(reply, NO_SUCH_GROUP);
    const now = deps.now();
    const week = weekOf(now, facts.timeZone);
    const [matches, attempts, ratings] = await Promise.all([
      groups.weekMatches(facts.id, week.start, week.end, LEAGUE_MATCHES_MAX),
      groups.memberAttempts(facts.id),
      groups.ratings(facts.id),
    ]);
    return groupPage(facts, { now, matches, attempts, ratings }, playerId, week, GROUP_WEEK_MATCHES_MAX) satisfies GroupPageReply;
  });

  app.delete('/api/groups/:id/members/:person', asPrincipal('device'), async (req, reply) => {
    const playerId = requestPlayer(req);
    const params = groupMemberParamsSchema.safeParse(req.params);
    if (!params.success || playerId === null) return refuse(reply, NO_SUCH_GROUP);
    const { person } = params.data;
    const failed = await groups.remove(params.data.id, playerId, (id) => publicPersonId(id) === person);
    if (failed !== null) return refuse(reply, REMOVE_FAILURES[failed]);
    return reply.code(204).send();
  });

  app.post('/api/groups/:id/invite', asPrincipal('device'), async (req, reply) => {
    const playerId = requestPlayer(req);
    const params = groupParamsSchema.safeParse(req.params);
    if (!params.success || playerId === null) return refuse(reply, NO_SUCH_GROUP);
    const token = await groups.rotate(params.data.id, playerId);
    if (token === 'no-group' || token === 'not-maker') return refuse(reply, REMOVE_FAILURES[token]);
    return { id: params.data.id, token } satisfies GroupInviteReply;
  });

  app.post('/api/groups/preview', { config: { ...perAddress, principal: 'optional' } }, async (req, reply) => {
    const body = groupInviteBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const found = await groups.preview(body.data.token, req.principal?.playerId ?? null);
    if (found === null) return refuse(reply, JOIN_FAILURES.invalid);
    return found satisfies GroupPreviewReply;
  });

  // Joining may make the player of a device never seen: it draws on the creation bound then (MAKES_PLAYER).
  app.post('/api/groups/join', { config: { ...perAddress, principal: 'player' } }, async (req, reply) => {
    const body = groupInviteBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const joined = await groups.join(body.data.token, playerPrincipal(req).playerId);
    if (!joined.ok) return refuse(reply, JOIN_FAILURES[joined.reason]);
    return { id: joined.id, name: joined.name } satisfies GroupJoinReply;
  });
}
