// Groups (docs/architecture.md, Groups): a group, its members and its invitation link, and the facts a
// group page is worked out from (groups-page.ts). Members are named outside by `publicPersonId`.
import { randomBytes } from 'node:crypto';
import { GROUP_MEMBERS_MAX, GROUPS_PER_PLAYER_MAX } from '@mm/protocol';
import type { Database } from '../db/database';
import type { LeagueSeat } from './league';

type Tx = Parameters<Parameters<Database['prisma']['$transaction']>[0]>[0];

const newGroupId = (): string => randomBytes(12).toString('base64url');
const newInviteToken = (): string => randomBytes(16).toString('base64url');

export interface GroupMemberFacts {
  playerId: string;
  name: string;
  joinedAt: Date;
}

/** A finished match of the week, as the league and the page's list read it. */
export interface WeekMatch {
  id: string;
  family: string;
  finishedAt: Date;
  result: unknown;
  seats: (LeagueSeat & { name: string })[];
}

/** A member's attempt at a Code of the day, as its row and its match say now. */
export interface MemberAttempt {
  playerId: string;
  n: number;
  /** playing: its match is not over (whether the puzzle has been revealed since is the caller's to say) */
  status: 'playing' | 'won' | 'lost' | 'unfinished';
  guesses: number;
}

export interface GroupFacts {
  id: string;
  name: string;
  timeZone: string;
  token: string;
  /** the maker: the one recorded, or (should none be) the longest-standing member */
  makerId: string;
  /** longest-standing first */
  members: GroupMemberFacts[];
}

export type JoinFailure = 'invalid' | 'full' | 'too-many';
export type RemoveFailure = 'no-group' | 'not-member' | 'not-maker';

export interface GroupsStore {
  /** A new group of one member, its maker; null when the player is in GROUPS_PER_PLAYER_MAX groups already. */
  create(playerId: string, group: { name: string; timeZone: string }): Promise<{ id: string; token: string } | null>;
  /** The player's groups, by name. */
  mine(playerId: string): Promise<{ id: string; name: string; members: number; maker: boolean }[]>;
  /** The group, when `playerId` is one of its members; null otherwise (whether or not it exists). */
  group(groupId: string, playerId: string): Promise<GroupFacts | null>;
  /** The finished matches, no Code of the day, of [from, to) in which at least two members sat, newest first. */
  weekMatches(groupId: string, from: Date, to: Date, limit: number): Promise<WeekMatch[]>;
  /** The members' Code of the day attempts, every one (a streak may run back past this week). */
  memberAttempts(groupId: string): Promise<MemberAttempt[]>;
  /** The members' ratings. */
  ratings(groupId: string): Promise<{ playerId: string; family: string; mu: number; sigma: number; games: number }[]>;
  preview(token: string, playerId: string | null): Promise<{ name: string; members: number; member: boolean } | null>;
  /** Joins the group of the link (already a member: nothing changes). */
  join(token: string, playerId: string): Promise<{ ok: true; id: string; name: string } | { ok: false; reason: JoinFailure }>;
  /** `asker` takes the member `isPerson` picks out of the group: themselves (leaving), or anyone when they are its maker. */
  remove(groupId: string, asker: string, isPerson: (playerId: string) => boolean): Promise<RemoveFailure | null>;
  /** A new invitation link (the old one stops working): the maker's only. */
  rotate(groupId: string, asker: string): Promise<string | Exclude<RemoveFailure, 'not-member'>>;
  /** Whether the player finished a match at this table; null: no such room, or a Code of the day's. */
  finishedAt(roomId: string, playerId: string): Promise<boolean | null>;
}

/**
 * `playerId` leaves `groupId` inside `tx`: a maker leaving hands the group to the longest-standing
 * member left (ties: the smaller id), and a group nobody is left in goes.
 */
async function leave(tx: Tx, groupId: string, playerId: string): Promise<void> {
  await tx.groupMember.deleteMany({ where: { groupId, playerId } });
  const next = await tx.groupMember.findFirst({ where: { groupId }, orderBy: [{ joinedAt: 'asc' }, { playerId: 'asc' }] });
  if (!next) {
    await tx.group.deleteMany({ where: { id: groupId } });
    return;
  }
  await tx.group.updateMany({
    where: { id: groupId, OR: [{ makerId: playerId }, { makerId: null }] },
    data: { makerId: next.playerId },
  });
}

/** "Delete me" (inside its transaction, before the player goes): out of every group, each one handed over or gone. */
export async function leaveAllGroups(tx: Tx, playerId: string): Promise<void> {
  const rows = await tx.groupMember.findMany({ where: { playerId }, select: { groupId: true } });
  for (const { groupId } of rows) await leave(tx, groupId, playerId);
}

/**
 * A merge (player `from` joins `into`, inside its transaction): `from`'s memberships become `into`'s,
 * one row per group (the earlier joining kept), and the groups `from` made are `into`'s.
 */
export async function mergeGroups(tx: Tx, from: string, into: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO "GroupMember" ("groupId", "playerId", "joinedAt")
     SELECT "groupId", $2, "joinedAt" FROM "GroupMember" WHERE "playerId" = $1
     ON CONFLICT ("groupId", "playerId") DO UPDATE SET "joinedAt" = LEAST("GroupMember"."joinedAt", EXCLUDED."joinedAt")`,
    from,
    into,
  );
  await tx.groupMember.deleteMany({ where: { playerId: from } });
  await tx.group.updateMany({ where: { makerId: from }, data: { makerId: into } });
}

const WEEK_MATCHES = `
  SELECT m.id, m.family, (extract(epoch FROM m."finishedAt") * 1000)::float8 AS "finishedMs", m.result,
         coalesce((SELECT json_agg(json_build_object('seat', mp.seat, 'playerId', p.id, 'abandoned', mp.abandoned, 'name', mp.name) ORDER BY mp.seat)
                     FROM "MatchPlayer" mp LEFT JOIN "Player" p ON p.id = mp."playerId" WHERE mp."matchId" = m.id), '[]') AS seats
    FROM "Match" m JOIN "Room" r ON r.id = m."roomId"
   WHERE r.daily IS NULL
     AND m."finishedAt" >= ($2::timestamptz AT TIME ZONE 'UTC') AND m."finishedAt" < ($3::timestamptz AT TIME ZONE 'UTC')
     AND (SELECT count(DISTINCT mp."playerId") FROM "MatchPlayer" mp
            JOIN "GroupMember" g ON g."playerId" = mp."playerId" AND g."groupId" = $1
           WHERE mp."matchId" = m.id) >= 2
   ORDER BY m."finishedAt" DESC, m.id DESC
   LIMIT $4`;

/** An attempt's row says `playing` until someone reads it: its match, when over, says how it ended. */
const MEMBER_ATTEMPTS = `
  SELECT a."playerId", a.n,
         CASE WHEN a.status <> 'playing' THEN a.status
              WHEN m."finishedAt" IS NOT NULL AND m.result IS NOT NULL
                THEN CASE WHEN (m.result -> 'winners') @> '[0]'::jsonb THEN 'won' ELSE 'lost' END
              ELSE 'playing' END AS status,
         CASE WHEN a.status = 'playing' AND m."finishedAt" IS NOT NULL AND m.result IS NOT NULL
                THEN COALESCE((m.result -> 'scores' ->> 0)::int, a.guesses)
              ELSE a.guesses END AS guesses
    FROM "DailyAttempt" a
    JOIN "GroupMember" g ON g."playerId" = a."playerId" AND g."groupId" = $1
    LEFT JOIN "Match" m ON m."roomId" = a."roomId"`;

const asStatus = (s: string): MemberAttempt['status'] => (s === 'won' || s === 'lost' || s === 'unfinished' ? s : 'playing');

export function createGroupsStore(db: Database): GroupsStore {
  const { prisma } = db;

  const groupsOf = (playerId: string) => prisma.groupMember.count({ where: { playerId } });

  const group = async (groupId: string, playerId: string): Promise<GroupFacts | null> => {
    const found = await prisma.group.findUnique({
      where: { id: groupId },
      include: {
        members: {
          orderBy: [{ joinedAt: 'asc' }, { playerId: 'asc' }],
          include: { player: { select: { name: true } } },
        },
      },
    });
    if (!found || !found.members.some((m) => m.playerId === playerId)) return null;
    const members = found.members.map((m) => ({ playerId: m.playerId, name: m.player.name, joinedAt: m.joinedAt }));
    const makerId = members.some((m) => m.playerId === found.makerId) ? found.makerId! : members[0]!.playerId;
    return { id: found.id, name: found.name, timeZone: found.timeZone, token: found.inviteToken, makerId, members };
  };

  return {
    async create(playerId, { name, timeZone }) {
      if ((await groupsOf(playerId)) >= GROUPS_PER_PLAYER_MAX) return null;
      const id = newGroupId();
      const token = newInviteToken();
      await prisma.group.create({
        data: { id, name, timeZone, inviteToken: token, makerId: playerId, members: { create: { playerId } } },
      });
      return { id, token };
    },

    async mine(playerId) {
      const rows = await prisma.groupMember.findMany({
        where: { playerId },
        include: { group: { select: { id: true, name: true, makerId: true, _count: { select: { members: true } } } } },
      });
      return rows
        .map((r) => ({
          id: r.group.id,
          name: r.group.name,
          members: r.group._count.members,
          maker: r.group.makerId === playerId,
        }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    },

    group,

    async weekMatches(groupId, from, to, limit) {
      const rows = await db.sql<{ id: string; family: string; finishedMs: number; result: unknown; seats: unknown }>(
        WEEK_MATCHES,
        [groupId, from.toISOString(), to.toISOString(), limit],
      );
      return rows.map((row) => ({
        id: row.id,
        family: row.family,
        finishedAt: new Date(row.finishedMs),
        result: typeof row.result === 'string' ? (JSON.parse(row.result) as unknown) : row.result,
        seats: (typeof row.seats === 'string' ? JSON.parse(row.seats) : row.seats) as WeekMatch['seats'],
      }));
    },

    async memberAttempts(groupId) {
      const rows = await db.sql<{ playerId: string; n: number; status: string; guesses: number }>(MEMBER_ATTEMPTS, [groupId]);
      return rows.map((r) => ({ playerId: r.playerId, n: r.n, status: asStatus(r.status), guesses: r.guesses }));
    },

    async ratings(groupId) {
      return prisma.rating.findMany({
        where: { player: { groups: { some: { groupId } } } },
        select: { playerId: true, family: true, mu: true, sigma: true, games: true },
      });
    },

    async preview(token, playerId) {
      const found = await prisma.group.findUnique({
        where: { inviteToken: token },
        select: { name: true, members: { select: { playerId: true } } },
      });
      if (!found) return null;
      return { name: found.name, members: found.members.length, member: found.members.some((m) => m.playerId === playerId) };
    },

    async join(token, playerId) {
      return prisma.$transaction(async (tx) => {
        const found = await tx.group.findUnique({ where: { inviteToken: token }, select: { id: true, name: true } });
        if (!found) return { ok: false as const, reason: 'invalid' as const };
        // One joining at a time per group, so that two people taking the last place cannot both get it.
        await tx.$queryRawUnsafe('SELECT 1 FROM "Group" WHERE id = $1 FOR UPDATE', found.id);
        const members = await tx.groupMember.findMany({ where: { groupId: found.id }, select: { playerId: true } });
        if (members.some((m) => m.playerId === playerId)) return { ok: true as const, ...found };
        if (members.length >= GROUP_MEMBERS_MAX) return { ok: false as const, reason: 'full' as const };
        if ((await tx.groupMember.count({ where: { playerId } })) >= GROUPS_PER_PLAYER_MAX)
          return { ok: false as const, reason: 'too-many' as const };
        await tx.groupMember.create({ data: { groupId: found.id, playerId } });
        return { ok: true as const, ...found };
      });
    },

    async remove(groupId, asker, isPerson) {
      return prisma.$transaction(async (tx) => {
        await tx.$queryRawUnsafe('SELECT 1 FROM "Group" WHERE id = $1 FOR UPDATE', groupId);
        const group = await tx.group.findUnique({
          where: { id: groupId },
          select: { makerId: true, members: { orderBy: [{ joinedAt: 'asc' }, { playerId: 'asc' }], select: { playerId: true } } },
        });
        const ids = group?.members.map((m) => m.playerId) ?? [];
        if (!group || !ids.includes(asker)) return 'no-group' as const;
        const target = ids.find(isPerson);
        if (target === undefined) return 'not-member' as const;
        const maker = group.makerId !== null && ids.includes(group.makerId) ? group.makerId : ids[0];
        if (target !== asker && maker !== asker) return 'not-maker' as const;
        await leave(tx, groupId, target);
        return null;
      });
    },

    async rotate(groupId, asker) {
      const facts = await group(groupId, asker);
      if (!facts) return 'no-group';
      if (facts.makerId !== asker) return 'not-maker';
      const token = newInviteToken();
      await prisma.group.update({ where: { id: groupId }, data: { inviteToken: token } });
      return token;
    },

    async finishedAt(roomId, playerId) {
      const room = await prisma.room.findUnique({ where: { id: roomId }, select: { daily: true } });
      if (!room || room.daily !== null) return null;
      const seat = await prisma.matchPlayer.findFirst({
        where: { playerId, match: { roomId, finishedAt: { not: null } } },
        select: { matchId: true },
      });
      return seat !== null;
    },
  };
}
