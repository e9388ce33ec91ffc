// A room's next match (a rematch, or another game): written whole or not at all, and only over the
// seats as they were read. Who sits where is the rules' decision (rooms/seating.ts applies it).
import type { Database } from './database.js';
import { json, uniqueViolationTarget, type StoredSeat } from './rows.js';

export interface NextMatchStore {
  /**
   * Match `number` of the room, its family and options becoming the room's, with the seats `seats.next`
   * (every vote cleared, every named seat a player of it), the room's seat count becoming theirs.
   * Written only if the room's seats are still `seats.read` (who holds each, whether a bot plays it),
   * so a seat taken or left meanwhile makes it fail and change nothing: 'seats-changed'.
   * 'match-exists': that match exists already (another server started it first).
   */
  startNextMatch(
    roomId: string,
    match: NextMatchRow,
    seats: { read: readonly StoredSeat[]; next: readonly StoredSeat[] },
  ): Promise<NextMatchStarted>;
}

/** The next match of a room: a rematch, or another game. */
export interface NextMatchRow {
  id: string;
  number: number;
  family: string;
  options: unknown;
  seed: string;
  salt: string;
}
export type NextMatchStarted = 'started' | 'match-exists' | 'seats-changed';

/** Thrown inside the next match's transaction to undo it: the seats are not as read. */
class SeatsChanged extends Error {}

export function createNextMatchStore({ prisma }: Database): NextMatchStore {
  return {
    async startNextMatch(roomId, m, { read, next }) {
      try {
        await prisma.$transaction(async (tx) => {
          const opts = json(m.options, 'match options');
          // Created first: the unique (roomId, number) makes a second server's attempt fail here, before any seat moves.
          await tx.match.create({
            data: { id: m.id, roomId, number: m.number, family: m.family, options: opts, seed: m.seed, salt: m.salt },
          });
          // The seats as read, or nothing: locked until the commit, so no claim slips in between.
          const [differ] = await tx.$queryRawUnsafe<{ differ: number }[]>(
            `WITH r AS (
               SELECT * FROM jsonb_to_recordset($2::jsonb) AS r(index int, "tokenHash" text, bot boolean, "takenOver" boolean)
             ), s AS (
               SELECT index, "tokenHash", bot, "takenOver" FROM "Seat" WHERE "roomId" = $1 FOR UPDATE
             )
             SELECT count(*)::int AS differ FROM s FULL JOIN r ON s.index = r.index
             WHERE s.index IS NULL OR r.index IS NULL OR s."tokenHash" IS DISTINCT FROM r."tokenHash"
               OR s.bot <> r.bot OR s."takenOver" <> r."takenOver"`,
            roomId,
            JSON.stringify(read.map(({ index, tokenHash, bot, takenOver }) => ({ index, tokenHash, bot, takenOver }))),
          );
          if (differ?.differ !== 0) throw new SeatsChanged();
          // Every seat of the next match in one statement (seats past its count go); the named ones are its players.
          await tx.$queryRawUnsafe(
            `WITH n AS (
               SELECT * FROM jsonb_to_recordset($2::jsonb) AS n(index int, name text, "tokenHash" text, "deviceId" text,
                 "playerId" text, "claimedAt" timestamp(3), bot boolean, "takenOver" boolean, "botStrength" text)
             ), gone AS (
               DELETE FROM "Seat" AS s WHERE s."roomId" = $1 AND s.index >= (SELECT count(*) FROM n)
             ), changed AS (
               INSERT INTO "Seat" ("roomId", index, name, "tokenHash", "deviceId", "playerId", "claimedAt", rematch, bot, "takenOver", "botStrength")
               SELECT $1, n.index, n.name, n."tokenHash", n."deviceId", n."playerId", n."claimedAt", false, n.bot, n."takenOver", n."botStrength" FROM n
               ON CONFLICT ("roomId", index) DO UPDATE SET name = EXCLUDED.name, "tokenHash" = EXCLUDED."tokenHash",
                 "deviceId" = EXCLUDED."deviceId", "playerId" = EXCLUDED."playerId", "claimedAt" = EXCLUDED."claimedAt",
                 rematch = false, bot = EXCLUDED.bot, "takenOver" = EXCLUDED."takenOver", "botStrength" = EXCLUDED."botStrength"
               RETURNING index
             ), player AS (
               INSERT INTO "MatchPlayer" ("matchId", seat, name, "deviceId", "playerId")
               SELECT $3, n.index, n.name, n."deviceId", n."playerId" FROM n WHERE n.name IS NOT NULL
             )
             SELECT (SELECT count(*) FROM changed)::int AS changed`,
            roomId,
            JSON.stringify(next),
            m.id,
          );
          // The room plays this family now: its link's preview and a reload read it from here.
          await tx.room.update({ where: { id: roomId }, data: { family: m.family, options: opts } });
        });
        return 'started';
      } catch (e) {
        if (e instanceof SeatsChanged) return 'seats-changed';
        if (uniqueViolationTarget(e) !== null) return 'match-exists';
        throw e;
      }
    },
  };
}
