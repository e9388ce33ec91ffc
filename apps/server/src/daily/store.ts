import type { DailyReminder, DailyStatus } from '@mm/protocol';
import type { Database } from '../db/database';

/** A row of `DailyAttempt`: a player's attempt at puzzle `n`, played in room `roomId`. */
export interface StoredAttempt {
  playerId: string;
  n: number;
  roomId: string;
  hard: boolean;
  createdAt: Date;
  finishedAt: Date | null;
  status: DailyStatus;
  guesses: number;
}

/** An attempt that has ended, as the day's summary counts it (one left unfinished counts as lost). */
export interface EndedAttempt {
  status: 'won' | 'lost';
  guesses: number;
  hard: boolean;
}

/** A friend's result at a puzzle: their name and how their attempt ended. */
export interface FriendResult extends EndedAttempt {
  name: string;
}

/**
 * The Code of the day's own table (docs/rules.md §6.2). An attempt's `status` and `guesses` follow
 * its room's match: `recordResult` writes what the match's fold says, and `settleFromMatches` what
 * the finished matches' recorded results say, so the two never disagree with the log for long.
 */
export interface DailyStore {
  find(playerId: string, n: number): Promise<StoredAttempt | null>;
  /** The player's attempt at `n`: `attempt` made now, or the one made before (by another device), unchanged. */
  findOrInsert(attempt: { playerId: string; n: number; roomId: string; hard: boolean }): Promise<StoredAttempt>;
  /** every attempt of the player, newest puzzle first */
  list(playerId: string): Promise<StoredAttempt[]>;
  /** What the room's match says of the attempt now (a no-op when the row says so already). */
  recordResult(roomId: string, result: { status: DailyStatus; guesses: number; finishedAt: Date | null }): Promise<void>;
  /** Attempts at `n` still marked playing whose match has ended: their result, read from the match's recorded one. */
  settleFromMatches(n: number): Promise<void>;
  /** Attempts at `n` still marked playing once `n` is revealed: unfinished, ended at `at` (their rooms take no move since). */
  settleUnfinished(n: number, at: Date): Promise<void>;
  /** every attempt at `n` that has ended */
  ended(n: number): Promise<EndedAttempt[]>;
  /**
   * The results at `n` of the players who held a seat in the same match as `playerId`, in a room
   * that is not a daily one, in a match made since `since`; only attempts that have ended.
   */
  friendsResults(playerId: string, n: number, since: Date): Promise<FriendResult[]>;
  /** the player's one name (empty until they choose one) */
  playerName(playerId: string): Promise<string>;
  /** the player's reminder; off: hour null */
  reminder(playerId: string): Promise<DailyReminder>;
  setReminder(playerId: string, reminder: DailyReminder): Promise<void>;
  /** the players whose reminder hour it is at `now` in their own time, and their offset from UTC */
  remindersDue(now: Date): Promise<{ playerId: string; utcOffsetMinutes: number }[]>;
  /** the devices of a player (hashes of their tokens) */
  devicesOf(playerId: string): Promise<string[]>;
}

/** No reminder: what a player who never chose one has. */
export const NO_REMINDER: DailyReminder = { hour: null, utcOffsetMinutes: 0 };

/** A row as the database holds it: any text in `status`. */
type AttemptRow = Omit<StoredAttempt, 'status'> & { status: string };

const asStatus = (s: string): DailyStatus => (s === 'won' || s === 'lost' || s === 'unfinished' ? s : 'playing');
/** The statuses of an attempt that has ended (an unfinished one ended at its puzzle's reveal). */
const ENDED: DailyStatus[] = ['won', 'lost', 'unfinished'];
const toAttempt = (row: AttemptRow): StoredAttempt => ({ ...row, status: asStatus(row.status) });
const ended = (row: { status: string; guesses: number; hard: boolean }): EndedAttempt => ({
  status: row.status === 'won' ? 'won' : 'lost',
  guesses: row.guesses,
  hard: row.hard,
});

export function createDailyStore(db: Database): DailyStore {
  const { prisma } = db;
  const find = async (playerId: string, n: number): Promise<StoredAttempt | null> => {
    const row = await prisma.dailyAttempt.findUnique({ where: { playerId_n: { playerId, n } } });
    return row ? toAttempt(row) : null;
  };
  return {
    find,

    async findOrInsert({ playerId, n, roomId, hard }) {
      // Two devices of one player asking at once: the primary key keeps the first, both read it back.
      await prisma.dailyAttempt.createMany({ data: [{ playerId, n, roomId, hard }], skipDuplicates: true });
      const row = await find(playerId, n);
      if (!row) throw new Error(`daily attempt ${n} vanished after it was made`);
      return row;
    },

    async list(playerId) {
      const rows = await prisma.dailyAttempt.findMany({ where: { playerId }, orderBy: { n: 'desc' } });
      return rows.map(toAttempt);
    },

    async recordResult(roomId, { status, guesses, finishedAt }) {
      await prisma.dailyAttempt.updateMany({
        where: { roomId, NOT: { status, guesses, finishedAt } },
        data: { status, guesses, finishedAt },
      });
    },

    async settleFromMatches(n) {
      // A one-seat race's recorded result: winners [0] when the seat broke the code, its rows used in scores[0].
      await db.sql(
        `UPDATE "DailyAttempt" a
            SET status = CASE WHEN (m.result -> 'winners') @> '[0]'::jsonb THEN 'won' ELSE 'lost' END,
                guesses = COALESCE((m.result -> 'scores' ->> 0)::int, a.guesses),
                "finishedAt" = m."finishedAt"
           FROM "Match" m
          WHERE m."roomId" = a."roomId" AND a.n = $1 AND a.status = 'playing'
            AND m."finishedAt" IS NOT NULL AND m.result IS NOT NULL`,
        [n],
      );
    },

    async settleUnfinished(n, at) {
      await prisma.dailyAttempt.updateMany({ where: { n, status: 'playing' }, data: { status: 'unfinished', finishedAt: at } });
    },

    async ended(n) {
      const rows = await prisma.dailyAttempt.findMany({
        where: { n, status: { in: ENDED } },
        select: { status: true, guesses: true, hard: true },
      });
      return rows.map(ended);
    },

    async friendsResults(playerId, n, since) {
      const rows = await db.sql<{ name: string; status: string; guesses: number; hard: boolean }>(
        `SELECT p.name, a.status, a.guesses, a.hard
           FROM "DailyAttempt" a
           JOIN "Player" p ON p.id = a."playerId"
          WHERE a.n = $2 AND a.status IN ('won', 'lost', 'unfinished') AND a."playerId" IN (
                SELECT other."playerId"
                  FROM "MatchPlayer" mine
                  JOIN "MatchPlayer" other ON other."matchId" = mine."matchId"
                  JOIN "Match" m ON m.id = mine."matchId"
                 WHERE mine."playerId" = $1 AND other."playerId" IS NOT NULL AND other."playerId" <> $1
                   AND m."createdAt" >= ($3::timestamptz AT TIME ZONE 'UTC')
                   AND NOT EXISTS (SELECT 1 FROM "DailyAttempt" d WHERE d."roomId" = m."roomId"))
          ORDER BY a.status DESC, a.guesses, p.name`,
        [playerId, n, since.toISOString()],
      );
      return rows.map((r) => ({ name: r.name, ...ended(r) }));
    },

    async playerName(playerId) {
      return (await prisma.player.findUnique({ where: { id: playerId }, select: { name: true } }))?.name ?? '';
    },

    async reminder(playerId) {
      const row = await prisma.dailyReminder.findUnique({ where: { playerId } });
      return row ? { hour: row.hour, utcOffsetMinutes: row.utcOffsetMinutes } : NO_REMINDER;
    },

    async setReminder(playerId, { hour, utcOffsetMinutes }) {
      if (hour === null) await prisma.dailyReminder.deleteMany({ where: { playerId } });
      else
        await prisma.dailyReminder.upsert({
          where: { playerId },
          create: { playerId, hour, utcOffsetMinutes },
          update: { hour, utcOffsetMinutes, updatedAt: new Date() },
        });
    },

    async remindersDue(now) {
      return db.sql<{ playerId: string; utcOffsetMinutes: number }>(
        `SELECT "playerId", "utcOffsetMinutes" FROM "DailyReminder"
          WHERE hour = EXTRACT(HOUR FROM (($1::timestamptz AT TIME ZONE 'UTC') + "utcOffsetMinutes" * interval '1 minute'))::int`,
        [now.toISOString()],
      );
    },

    async devicesOf(playerId) {
      return (await prisma.device.findMany({ where: { playerId }, select: { id: true } })).map((d) => d.id);
    },
  };
}
