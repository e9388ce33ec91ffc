// A merge of two players, as far as rooms are concerned: the record of whose seats and rooms are
// to move, and the moves themselves, one room at a time.
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Database } from './database.js';

export interface MergeFollowing {
  /** The merges whose seats have yet to follow (`recordMerge`), each with the rooms where `from` sits or is the creator. */
  pendingMerges(): Promise<{ from: string; into: string; roomIds: string[] }[]>;
  /** In the room: every seat `from` holds is `into`'s, and so is the room if `from` made it (tokens, names and seats stay). */
  followMerge(roomId: string, from: string, into: string): Promise<void>;
  /** The merge is done (no seat nor room of `from` left): its record goes, unless it now leads elsewhere. */
  mergeSettled(from: string, into: string): Promise<void>;
}

/**
 * Inside a merge of two players (identity/merge.ts: one transaction with their devices, history and
 * attempts, which must move together or not at all): the seats and rooms of `from` are to be
 * `into`'s. Not moved here, behind the rooms' backs: the room service moves them room by room, in
 * each room's queue (`followMerge`), and this row says whose they are until it has (a crash
 * meanwhile loses no seat: `pendingMerges` finds it again). A merge still pending into `from`
 * goes on to `into`.
 */
export async function recordMerge(tx: Pick<PrismaClient, '$executeRawUnsafe'>, from: string, into: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO "PlayerMerge" ("fromId", "intoId") VALUES ($1, $2) ON CONFLICT ("fromId") DO UPDATE SET "intoId" = $2`,
    from,
    into,
  );
  await tx.$executeRawUnsafe(`UPDATE "PlayerMerge" SET "intoId" = $2 WHERE "intoId" = $1`, from, into);
}

export function createMergeFollowing({ prisma }: Database): MergeFollowing {
  return {
    async pendingMerges() {
      const rows = await prisma.$queryRawUnsafe<{ from: string; into: string; roomIds: string[] }[]>(
        `SELECT m."fromId" AS "from", m."intoId" AS "into",
           ARRAY(SELECT "roomId" FROM "Seat" WHERE "playerId" = m."fromId"
                 UNION SELECT id FROM "Room" WHERE "creatorPlayerId" = m."fromId" ORDER BY 1) AS "roomIds"
         FROM "PlayerMerge" m ORDER BY m.at, m."fromId"`,
      );
      return rows.map((r) => ({ from: r.from, into: r.into, roomIds: [...r.roomIds] }));
    },

    async followMerge(roomId, from, into) {
      // One statement: the seats and the creator move together.
      await prisma.$executeRawUnsafe(
        `WITH seats AS (UPDATE "Seat" SET "playerId" = $3 WHERE "roomId" = $1 AND "playerId" = $2 RETURNING 1)
         UPDATE "Room" SET "creatorPlayerId" = $3 WHERE id = $1 AND "creatorPlayerId" = $2`,
        roomId,
        from,
        into,
      );
    },

    async mergeSettled(from, into) {
      await prisma.$executeRawUnsafe(
        `DELETE FROM "PlayerMerge" WHERE "fromId" = $1 AND "intoId" = $2
           AND NOT EXISTS (SELECT 1 FROM "Seat" WHERE "playerId" = $1)
           AND NOT EXISTS (SELECT 1 FROM "Room" WHERE "creatorPlayerId" = $1)`,
        from,
        into,
      );
    },
  };
}
