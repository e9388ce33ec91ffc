// Challenges (docs/architecture.md, Challenges): the rows, written by the room service (a room's kept
// seat is a seat decision) and read by the challenge routes. Every change of status is one
// conditional statement from 'pending', so of two racing answers (an accept and the expiry, say) one wins.
import type { ChallengeStatus } from '@mm/protocol';
import type { Database } from './database.js';

/** A room's challenge as the room holds it: the seat kept and for whom. */
export interface KeptSeat {
  id: string;
  seat: number;
  /** the challenged player: only their devices may take the seat while it is kept */
  playerId: string;
  /** the challenged player's name (what the room shows) */
  name: string;
  status: ChallengeStatus;
  expiresAt: Date;
}

export interface NewChallenge {
  id: string;
  roomId: string;
  seat: number;
  challengerId: string;
  challengedId: string;
  /** the challenged player's name */
  name: string;
  preset: string;
  expiresAt: Date;
}

/** What the room service writes: a challenge made with its room, and its end. */
export interface ChallengeRooms {
  addChallenge(challenge: NewChallenge): Promise<void>;
  /** pending → `status`; an expiry only once `expiresAt` has passed by `at`. False when it was not pending (any more). */
  endChallenge(id: string, status: Exclude<ChallengeStatus, 'pending'>, at: Date): Promise<boolean>;
}

export interface StoredChallenge {
  id: string;
  roomId: string;
  seat: number;
  challengerId: string;
  challengerName: string;
  challengedId: string;
  challengedName: string;
  preset: string;
  status: ChallengeStatus;
  createdAt: Date;
  expiresAt: Date;
}

/** What the challenge routes read. */
export interface ChallengesStore {
  challenge(id: string): Promise<StoredChallenge | null>;
  /** a player's challenges both ways made since `since`, newest first */
  challengesOf(playerId: string, since: Date): Promise<StoredChallenge[]>;
  /** challenges `challengerId` made that still wait for an answer at `now` */
  pendingMade(challengerId: string, now: Date): Promise<number>;
  /** the rooms of the challenges still waiting that `playerId` made or received ("Delete me" frees their seats) */
  pendingRoomsOf(playerId: string): Promise<string[]>;
}

const statusOf = (s: string): ChallengeStatus =>
  s === 'accepted' || s === 'declined' || s === 'expired' || s === 'cancelled' ? s : 'pending';

export function createChallengeRooms({ prisma }: Database): ChallengeRooms {
  return {
    async addChallenge(c) {
      const { name: _name, ...row } = c;
      await prisma.challenge.create({ data: row });
    },
    async endChallenge(id, status, at) {
      const { count } = await prisma.challenge.updateMany({
        where: { id, status: 'pending', ...(status === 'expired' ? { expiresAt: { lte: at } } : {}) },
        data: { status, endedAt: at },
      });
      return count === 1;
    },
  };
}

export function createChallengesStore({ prisma }: Database): ChallengesStore {
  const withNames = { challenger: { select: { name: true } }, challenged: { select: { name: true } } } as const;
  type Row = Awaited<ReturnType<typeof prisma.challenge.findMany<{ include: typeof withNames }>>>[number];
  const out = (r: Row): StoredChallenge => ({
    id: r.id,
    roomId: r.roomId,
    seat: r.seat,
    challengerId: r.challengerId,
    challengerName: r.challenger.name,
    challengedId: r.challengedId,
    challengedName: r.challenged.name,
    preset: r.preset,
    status: statusOf(r.status),
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
  });
  return {
    async challenge(id) {
      const r = await prisma.challenge.findUnique({ where: { id }, include: withNames });
      return r ? out(r) : null;
    },
    async challengesOf(playerId, since) {
      const rows = await prisma.challenge.findMany({
        where: { OR: [{ challengerId: playerId }, { challengedId: playerId }], createdAt: { gte: since } },
        include: withNames,
        orderBy: { createdAt: 'desc' },
        take: 50,
      });
      return rows.map(out);
    },
    pendingMade(challengerId, now) {
      return prisma.challenge.count({ where: { challengerId, status: 'pending', expiresAt: { gt: now } } });
    },
    async pendingRoomsOf(playerId) {
      const rows = await prisma.challenge.findMany({
        where: { OR: [{ challengerId: playerId }, { challengedId: playerId }], status: 'pending' },
        select: { roomId: true },
      });
      return rows.map((r) => r.roomId);
    },
  };
}

/** A room's newest challenge as loadRoom reads it (with the challenged player's name). */
export const toKeptSeat = (r: {
  id: string;
  seat: number;
  challengedId: string;
  status: string;
  expiresAt: Date;
  challenged: { name: string };
}): KeptSeat => ({
  id: r.id,
  seat: r.seat,
  playerId: r.challengedId,
  name: r.challenged.name,
  status: statusOf(r.status),
  expiresAt: r.expiresAt,
});
