// The SQL of room leases, and of what makes a room owe a duty (the duties name a condition; its
// SQL is here, with the tables it reads). Every statement is a single atomic statement timed by the
// database's clock (never a process's), so it behaves alike on PGlite (one process) and on
// PostgreSQL shared by many: of two processes claiming one room, the row's unique key lets
// exactly one in, and a lease is only ever taken from a process once it has expired.
import type { Database } from './database.js';

/** The database's clock as a UTC timestamp, the way Prisma stores DateTime. */
const NOW = `(now() AT TIME ZONE 'UTC')`;
const until = (param: string): string => `(${NOW} + (${param}::int * interval '1 millisecond'))`;

/**
 * Each duty kind's condition, in SQL, on `m`: the newest, unfinished match of a room (columns of
 * "Match"; "Room", "Seat", "Action" joined by `m."roomId"` / `m.id`). Rooms whose match is over owe
 * nothing; each kind narrows the rest. Read from the database alone, so that any process, just
 * started, finds every room owed.
 */
const DUE_WHEN = {
  /** a bot plays one of the seats */
  'bot-seated': `EXISTS (SELECT 1 FROM "Seat" s WHERE s."roomId" = m."roomId" AND s.bot)`,
  /** the room has a turn timer */
  'turn-timer': `EXISTS (SELECT 1 FROM "Room" r WHERE r.id = m."roomId" AND r."turnSeconds" IS NOT NULL)`,
  /** the room was made for a challenge still waiting for its answer */
  'challenge-pending': `EXISTS (SELECT 1 FROM "Challenge" c WHERE c."roomId" = m."roomId" AND c.status = 'pending')`,
  /** a simultaneous start's countdown runs: the match opens when it ends */
  'start-countdown': `(m."startsAt" IS NOT NULL AND m."startedAt" IS NULL)`,
} as const;

/** The name of a condition that makes a room owe a duty (its SQL: `DUE_WHEN`). */
export type DueCondition = keyof typeof DUE_WHEN;

/**
 * Rooms owing some duty, with their state's fingerprint: the newest match, the length of its
 * log, the number of bot seats and the end of a countdown. A lessee that found nothing to do settles at that
 * fingerprint; any change of it (a move, a rematch, a bot seated or a seat given back) makes the
 * room due again.
 */
function dueRooms(conditions: readonly DueCondition[]): string {
  const owed = conditions.length ? conditions.map((c) => `(${DUE_WHEN[c]})`).join(' OR ') : 'false';
  return `
    SELECT m."roomId",
           m.id || ':' || COALESCE((SELECT max(a.seq) FROM "Action" a WHERE a."matchId" = m.id), 0)
             || ':' || (SELECT count(*) FROM "Seat" s WHERE s."roomId" = m."roomId" AND s.bot)
             || COALESCE(':' || (extract(epoch FROM m."startsAt") * 1000)::bigint, '') AS fingerprint
    FROM "Match" m
    WHERE m."finishedAt" IS NULL
      AND NOT EXISTS (SELECT 1 FROM "Match" n WHERE n."roomId" = m."roomId" AND n.number > m.number)
      AND (${owed})`;
}

export interface Leases {
  /** Extends every lease `owner` holds; the rooms it still holds (one it lost to expiry is not among them). */
  renew(owner: string, leaseMs: number, except?: readonly string[]): Promise<string[]>;
  /** Takes up to `limit` rooms that owe a duty, are not settled at their state, and whose lease is free or expired. */
  claimDue(
    owner: string,
    leaseMs: number,
    conditions: readonly DueCondition[],
    limit: number,
    except?: readonly string[],
  ): Promise<string[]>;
  /** Takes one room's lease if it is free, expired or already `owner`'s; false when another live process holds it. */
  claim(owner: string, roomId: string, leaseMs: number): Promise<boolean>;
  /** The fingerprint of each of `roomIds` that still owes something (the others are missing). */
  fingerprints(roomIds: readonly string[], conditions: readonly DueCondition[]): Promise<Map<string, string>>;
  /** Gives a room up, noting that nothing was owed at `fingerprint` (null: let anyone look again at once). */
  release(owner: string, roomId: string, fingerprint: string | null): Promise<void>;
  /** Gives every lease of `owner` up (a clean shutdown: others take the rooms at once). */
  releaseAll(owner: string): Promise<void>;
}

export function createLeases({ prisma }: Database): Leases {
  const ids = (rows: { roomId: string }[]): string[] => rows.map((r) => r.roomId);
  return {
    async renew(owner, leaseMs, except = []) {
      return ids(
        await prisma.$queryRawUnsafe<{ roomId: string }[]>(
          `UPDATE "RoomLease" SET "expiresAt" = ${until('$2')}
           WHERE owner = $1 AND "expiresAt" >= ${NOW} AND "roomId" NOT IN (SELECT jsonb_array_elements_text($3::jsonb))
           RETURNING "roomId"`,
          owner,
          leaseMs,
          JSON.stringify(except),
        ),
      );
    },

    async claimDue(owner, leaseMs, conditions, limit, except = []) {
      // ON CONFLICT re-checks the expiry against the row as committed by a racing claimant.
      return ids(
        await prisma.$queryRawUnsafe<{ roomId: string }[]>(
          `WITH due AS (${dueRooms(conditions)})
         INSERT INTO "RoomLease" ("roomId", owner, "expiresAt", settled)
         SELECT d."roomId", $1, ${until('$2')}, NULL FROM due d
         LEFT JOIN "RoomLease" l ON l."roomId" = d."roomId"
         WHERE (l."roomId" IS NULL OR l."expiresAt" < ${NOW}) AND l.settled IS DISTINCT FROM d.fingerprint
           AND d."roomId" NOT IN (SELECT jsonb_array_elements_text($4::jsonb))
         LIMIT $3::int
         ON CONFLICT ("roomId") DO UPDATE SET owner = EXCLUDED.owner, "expiresAt" = EXCLUDED."expiresAt", settled = NULL
         WHERE "RoomLease"."expiresAt" < ${NOW}
         RETURNING "roomId"`,
          owner,
          leaseMs,
          limit,
          JSON.stringify(except),
        ),
      );
    },

    async claim(owner, roomId, leaseMs) {
      const rows = await prisma.$queryRawUnsafe<{ roomId: string }[]>(
        `INSERT INTO "RoomLease" ("roomId", owner, "expiresAt", settled) VALUES ($1, $2, ${until('$3')}, NULL)
         ON CONFLICT ("roomId") DO UPDATE SET owner = EXCLUDED.owner, "expiresAt" = EXCLUDED."expiresAt", settled = NULL
         WHERE "RoomLease"."expiresAt" < ${NOW} OR "RoomLease".owner = EXCLUDED.owner
         RETURNING "roomId"`,
        roomId,
        owner,
        leaseMs,
      );
      return rows.length === 1;
    },

    async fingerprints(roomIds, conditions) {
      if (roomIds.length === 0) return new Map();
      const rows = await prisma.$queryRawUnsafe<{ roomId: string; fingerprint: string }[]>(
        `SELECT * FROM (${dueRooms(conditions)}) d WHERE d."roomId" IN (SELECT jsonb_array_elements_text($1::jsonb))`,
        JSON.stringify(roomIds),
      );
      return new Map(rows.map((r) => [r.roomId, r.fingerprint]));
    },

    async release(owner, roomId, fingerprint) {
      if (fingerprint === null) {
        // Nothing owed, or anyone may look at once: no row is the same as a free lease.
        await prisma.$executeRawUnsafe(`DELETE FROM "RoomLease" WHERE "roomId" = $1 AND owner = $2`, roomId, owner);
        return;
      }
      // An expired row with the settled state stays, so the room is not claimed again for nothing.
      await prisma.$executeRawUnsafe(
        `UPDATE "RoomLease" SET "expiresAt" = to_timestamp(0) AT TIME ZONE 'UTC', settled = $3 WHERE "roomId" = $1 AND owner = $2`,
        roomId,
        owner,
        fingerprint,
      );
    },

    async releaseAll(owner) {
      await prisma.$executeRawUnsafe(`DELETE FROM "RoomLease" WHERE owner = $1`, owner);
    },
  };
}
