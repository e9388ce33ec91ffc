// Friends (docs/architecture.md, Friends): one row per pair of players (the smaller id first), asked
// by one and agreed by the other, and the friend invitation links that make a friendship at once.
// People are named outside by `publicPersonId`, a hash of their player: a listing gives nothing that
// acts as them, and an id resolves only among the people the asker played with or has a row with.
import { createHash, randomBytes } from 'node:crypto';
import { FRIEND_INVITES_KEPT, type FriendRelation } from '@mm/protocol';
import type { Database } from '../db/database';

type Tx = Parameters<Parameters<Database['prisma']['$transaction']>[0]>[0];

const hash = (label: string, text: string): string => createHash('sha256').update(`${label}:${text}`).digest('base64url');
/** A person as these listings name them: stable while the player lasts, useless for anything else. */
export const publicPersonId = (playerId: string): string => hash('person', playerId).slice(0, 22);
const tokenHashOf = (token: string): string => hash('friend-invite', token);
const publicInviteId = (tokenHash: string): string => hash('invite-listing', tokenHash).slice(0, 22);

/** The pair's key: the smaller id first, so two people asking each other at once meet on one row. */
const pair = (a: string, b: string): { lowId: string; highId: string } =>
  a < b ? { lowId: a, highId: b } : { lowId: b, highId: a };

interface FriendshipRow {
  lowId: string;
  highId: string;
  askedBy: string;
  createdAt: Date;
  acceptedAt: Date | null;
}
const relationOf = (row: Pick<FriendshipRow, 'askedBy' | 'acceptedAt'> | null, me: string): FriendRelation =>
  row === null ? 'none' : row.acceptedAt !== null ? 'friend' : row.askedBy === me ? 'asked' : 'asking';
const otherOf = (row: { lowId: string; highId: string }, me: string): string => (row.lowId === me ? row.highId : row.lowId);

export interface Person {
  id: string;
  name: string;
}
export interface FriendsListing {
  friends: (Person & { since: Date })[];
  asking: (Person & { at: Date })[];
  asked: (Person & { at: Date })[];
  playedWith: (Person & { lastPlayedAt: string; matches: number; relation: FriendRelation })[];
  invites: { id: string; createdAt: Date; expiresAt: Date }[];
}

export type InviteFailure = 'invalid' | 'expired' | 'own';

export interface FriendsStore {
  listing(playerId: string): Promise<FriendsListing>;
  /** Asks the person to be friends, or agrees when they asked; null when they are nobody the player may ask. */
  ask(playerId: string, personId: string): Promise<FriendRelation | null>;
  /** Ends the friendship, or declines or withdraws a request; false when there is none with that person. */
  remove(playerId: string, personId: string): Promise<boolean>;
  newInvite(playerId: string, ttlMs: number): Promise<{ id: string; token: string; expiresAt: Date }>;
  revokeInvite(playerId: string, inviteId: string): Promise<boolean>;
  /** Who made a live invitation: their name only. */
  checkInvite(token: string): Promise<{ ok: true; name: string } | { ok: false; reason: Exclude<InviteFailure, 'own'> }>;
  /** The friend `personId` names among `playerId`'s agreed friends (their player and name), or null; and `playerId`'s own name. */
  friendOf(playerId: string, personId: string): Promise<{ friend: { playerId: string; name: string }; myName: string } | null>;
  /** `otherId`'s id in `playerId`'s listing when the two are friends (agreed), else null. */
  friendIdOf(playerId: string, otherId: string): Promise<string | null>;
  /** Uses the invitation once: its maker and `playerId` are friends. */
  acceptInvite(token: string, playerId: string): Promise<{ ok: true; friend: Person } | { ok: false; reason: InviteFailure }>;
}

/** Players who finished a match with `playerId` (the Code of the day is played alone), newest first. */
const PLAYED_WITH = `
  SELECT other."playerId" AS id, p.name, COUNT(DISTINCT m.id)::int AS matches,
         to_char(MAX(m."finishedAt"), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last
    FROM "MatchPlayer" mine
    JOIN "MatchPlayer" other ON other."matchId" = mine."matchId"
     AND other."playerId" IS NOT NULL AND other."playerId" <> $1
    JOIN "Match" m ON m.id = mine."matchId" AND m."finishedAt" IS NOT NULL
    JOIN "Room" r ON r.id = m."roomId" AND r.daily IS NULL
    JOIN "Player" p ON p.id = other."playerId"
   WHERE mine."playerId" = $1
   GROUP BY other."playerId", p.name
   ORDER BY last DESC, other."playerId"`;

/**
 * A merge (player `from` joins `into`, inside its transaction): `from`'s friendships and requests
 * become `into`'s. One with `into` itself goes (nobody is their own friend); where both had a row
 * with the same person, one row stays, agreed if either was, or if the two asked in opposite ways.
 * Their invitation links follow them.
 */
export async function mergeFriends(tx: Tx, from: string, into: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO "Friendship" ("lowId", "highId", "askedBy", "createdAt", "acceptedAt")
     SELECT LEAST($2, o.other), GREATEST($2, o.other), CASE WHEN o."askedBy" = $1 THEN $2 ELSE o."askedBy" END,
            o."createdAt", o."acceptedAt"
       FROM (SELECT CASE WHEN f."lowId" = $1 THEN f."highId" ELSE f."lowId" END AS other, f.*
               FROM "Friendship" f WHERE $1 IN (f."lowId", f."highId")) o
      WHERE o.other <> $2
     ON CONFLICT ("lowId", "highId") DO UPDATE SET
       "acceptedAt" = CASE
         WHEN "Friendship"."acceptedAt" IS NOT NULL AND EXCLUDED."acceptedAt" IS NOT NULL
           THEN LEAST("Friendship"."acceptedAt", EXCLUDED."acceptedAt")
         WHEN "Friendship"."askedBy" <> EXCLUDED."askedBy" THEN COALESCE("Friendship"."acceptedAt", EXCLUDED."acceptedAt", $3::timestamp)
         ELSE COALESCE("Friendship"."acceptedAt", EXCLUDED."acceptedAt") END`,
    from,
    into,
    new Date().toISOString(),
  );
  await tx.friendship.deleteMany({ where: { OR: [{ lowId: from }, { highId: from }] } });
  await tx.friendInvite.updateMany({ where: { playerId: from }, data: { playerId: into } });
}

export function createFriendsStore(db: Database): FriendsStore {
  const { prisma } = db;

  const playedWith = (playerId: string) =>
    db.sql<{ id: string; name: string; matches: number; last: string }>(PLAYED_WITH, [playerId]);
  const rowsOf = (playerId: string) =>
    prisma.friendship.findMany({
      where: { OR: [{ lowId: playerId }, { highId: playerId }] },
      include: { low: { select: { name: true } }, high: { select: { name: true } } },
    });

  /** The player behind `personId`, among those `playerId` may name: people played with, or with a row. */
  const resolve = async (playerId: string, personId: string): Promise<{ other: string; played: boolean } | null> => {
    const row = (await rowsOf(playerId)).find((r) => publicPersonId(otherOf(r, playerId)) === personId);
    const met = (await playedWith(playerId)).find((p) => publicPersonId(p.id) === personId);
    if (met) return { other: met.id, played: true };
    return row ? { other: otherOf(row, playerId), played: false } : null;
  };

  const liveInvite = async (token: string) => {
    const found = await prisma.friendInvite.findUnique({
      where: { tokenHash: tokenHashOf(token) },
      include: { player: { select: { name: true } } },
    });
    if (!found || found.usedAt !== null) return { ok: false as const, reason: 'invalid' as const };
    if (found.expiresAt <= new Date()) return { ok: false as const, reason: 'expired' as const };
    return { ok: true as const, found };
  };

  return {
    async listing(playerId) {
      const rows = await rowsOf(playerId);
      const person = (r: (typeof rows)[number]): Person => {
        const other = otherOf(r, playerId);
        return { id: publicPersonId(other), name: other === r.lowId ? r.low.name : r.high.name };
      };
      const byNewest = (a: { at: Date }, b: { at: Date }): number => b.at.getTime() - a.at.getTime();
      const relation = new Map(rows.map((r) => [otherOf(r, playerId), relationOf(r, playerId)]));
      const invites = await prisma.friendInvite.findMany({
        where: { playerId, usedAt: null, expiresAt: { gt: new Date() } },
        orderBy: { createdAt: 'desc' },
      });
      return {
        friends: rows
          .filter((r) => r.acceptedAt !== null)
          .map((r) => ({ ...person(r), since: r.acceptedAt! }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        asking: rows
          .filter((r) => relationOf(r, playerId) === 'asking')
          .map((r) => ({ ...person(r), at: r.createdAt }))
          .sort(byNewest),
        asked: rows
          .filter((r) => relationOf(r, playerId) === 'asked')
          .map((r) => ({ ...person(r), at: r.createdAt }))
          .sort(byNewest),
        playedWith: (await playedWith(playerId)).slice(0, 50).map((p) => ({
          id: publicPersonId(p.id),
          name: p.name,
          lastPlayedAt: p.last,
          matches: p.matches,
          relation: relation.get(p.id) ?? 'none',
        })),
        invites: invites.map((i) => ({ id: publicInviteId(i.tokenHash), createdAt: i.createdAt, expiresAt: i.expiresAt })),
      };
    },

    async ask(playerId, personId) {
      const found = await resolve(playerId, personId);
      if (!found) return null;
      const key = pair(playerId, found.other);
      if (!found.played) {
        // Not met at a table (an invitation, or a request a merge brought): agreeing to their request
        // is all that may happen, and only while it is there (never a new request of one's own).
        await prisma.friendship.updateMany({
          where: { ...key, askedBy: found.other, acceptedAt: null },
          data: { acceptedAt: new Date() },
        });
        const row = await prisma.friendship.findUnique({ where: { lowId_highId: key } });
        return row ? relationOf(row, playerId) : null;
      }
      // One statement: asking someone who asked first (even at the same moment) is agreeing.
      const [row] = await db.sql<{ askedBy: string; accepted: boolean }>(
        `INSERT INTO "Friendship" ("lowId", "highId", "askedBy", "createdAt")
         VALUES ($1, $2, $3, $4::timestamp)
         ON CONFLICT ("lowId", "highId") DO UPDATE SET "acceptedAt" = CASE
           WHEN "Friendship"."askedBy" <> EXCLUDED."askedBy" THEN COALESCE("Friendship"."acceptedAt", EXCLUDED."createdAt")
           ELSE "Friendship"."acceptedAt" END
         RETURNING "askedBy", "acceptedAt" IS NOT NULL AS accepted`,
        [key.lowId, key.highId, playerId, new Date().toISOString()],
      );
      return relationOf(row ? { askedBy: row.askedBy, acceptedAt: row.accepted ? new Date() : null } : null, playerId);
    },

    async remove(playerId, personId) {
      const row = (await rowsOf(playerId)).find((r) => publicPersonId(otherOf(r, playerId)) === personId);
      if (!row) return false;
      const { count } = await prisma.friendship.deleteMany({ where: { lowId: row.lowId, highId: row.highId } });
      return count === 1;
    },

    async newInvite(playerId, ttlMs) {
      const token = randomBytes(16).toString('base64url');
      const tokenHash = tokenHashOf(token);
      const expiresAt = new Date(Date.now() + ttlMs);
      await prisma.$transaction(async (tx) => {
        // Links no longer live go; of the live ones, the newest FRIEND_INVITES_KEPT - 1 stay beside the new one.
        await tx.friendInvite.deleteMany({
          where: { playerId, OR: [{ usedAt: { not: null } }, { expiresAt: { lte: new Date() } }] },
        });
        const kept = await tx.friendInvite.findMany({
          where: { playerId },
          orderBy: { createdAt: 'desc' },
          skip: FRIEND_INVITES_KEPT - 1,
          select: { tokenHash: true },
        });
        await tx.friendInvite.deleteMany({ where: { tokenHash: { in: kept.map((k) => k.tokenHash) } } });
        await tx.friendInvite.create({ data: { tokenHash, playerId, expiresAt } });
      });
      return { id: publicInviteId(tokenHash), token, expiresAt };
    },

    async revokeInvite(playerId, inviteId) {
      const rows = await prisma.friendInvite.findMany({
        where: { playerId, usedAt: null, expiresAt: { gt: new Date() } },
        select: { tokenHash: true },
      });
      const target = rows.find((r) => publicInviteId(r.tokenHash) === inviteId);
      if (!target) return false;
      const { count } = await prisma.friendInvite.deleteMany({ where: { tokenHash: target.tokenHash, playerId } });
      return count === 1;
    },

    async friendOf(playerId, personId) {
      const row = (await rowsOf(playerId)).find(
        (r) => r.acceptedAt !== null && publicPersonId(otherOf(r, playerId)) === personId,
      );
      if (!row) return null;
      const mine = row.lowId === playerId;
      return {
        friend: { playerId: otherOf(row, playerId), name: mine ? row.high.name : row.low.name },
        myName: mine ? row.low.name : row.high.name,
      };
    },

    async friendIdOf(playerId, otherId) {
      const row = await prisma.friendship.findUnique({ where: { lowId_highId: pair(playerId, otherId) } });
      return row?.acceptedAt ? publicPersonId(otherId) : null;
    },

    async checkInvite(token) {
      const live = await liveInvite(token);
      return live.ok ? { ok: true, name: live.found.player.name } : live;
    },

    async acceptInvite(token, playerId) {
      const live = await liveInvite(token);
      if (!live.ok) return live;
      const maker = live.found.playerId;
      if (maker === playerId) return { ok: false, reason: 'own' };
      return prisma.$transaction(async (tx) => {
        // Single use even when two people race with one link: only one update finds it unused.
        const { count } = await tx.friendInvite.updateMany({
          where: { tokenHash: live.found.tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
          data: { usedAt: new Date() },
        });
        if (count !== 1) return { ok: false as const, reason: 'invalid' as const };
        const key = pair(playerId, maker);
        const now = new Date();
        await tx.friendship.upsert({
          where: { lowId_highId: key },
          create: { ...key, askedBy: maker, createdAt: now, acceptedAt: now },
          update: {},
        });
        await tx.friendship.updateMany({ where: { ...key, acceptedAt: null }, data: { acceptedAt: now } });
        return { ok: true as const, friend: { id: publicPersonId(maker), name: live.found.player.name } };
      });
    },
  };
}
