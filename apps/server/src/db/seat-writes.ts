// The seat writes of a room. Every one is one conditional SQL statement (a seat changes only from
// the state the statement names, so of two racing writes one wins and the other learns it from the
// count), and the newest match's player row changes in that same statement: no interactive
// transaction, which a reconnect storm of claims would queue for (P2028).
import type { BotStrength } from '@mm/rules';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Database } from './database.js';

export interface SeatWrites {
  /** False when the seat is already taken (or does not exist). The claimant also becomes a player of the room's newest match. */
  claimSeat(
    roomId: string,
    index: number,
    claim: { name: string; tokenHash: string; deviceId: string | null; playerId?: string | null },
  ): Promise<boolean>;
  /** A bot takes a free seat (and becomes a player of the newest match); false when it is not free. */
  seatBot(roomId: string, index: number, bot: { name: string; strength: BotStrength }): Promise<boolean>;
  /** A bot (at `strength`) plays for the person holding the seat with `tokenHash`; false unless they hold it and no bot plays it yet. */
  takeOverSeat(roomId: string, index: number, tokenHash: string, strength: BotStrength): Promise<boolean>;
  /** The person with `tokenHash` plays the seat again; false unless a bot played it for them. */
  reclaimSeat(roomId: string, index: number, tokenHash: string): Promise<boolean>;
  /** False unless `tokenHash` holds the seat; the newest match lists the player under the new name too. */
  renameSeat(roomId: string, index: number, tokenHash: string, name: string): Promise<boolean>;
  /** False unless `tokenHash` holds the seat; the newest match forgets that player too. */
  releaseSeat(roomId: string, index: number, tokenHash: string): Promise<boolean>;
  /**
   * The holder with `tokenHash` loses the seat for good (their player was deleted): a bot of its own
   * (`bot`) plays it from now on, or it is free (null). The newest match's player row stays theirs
   * (they played its first moves). False unless `tokenHash` holds the seat.
   */
  vacateSeat(
    roomId: string,
    index: number,
    tokenHash: string,
    bot: { name: string; strength: BotStrength } | null,
  ): Promise<boolean>;
  /** Every seat's vote after this one (votes of other servers' sockets included); null unless `tokenHash` holds the seat. */
  voteRematch(roomId: string, index: number, tokenHash: string, accept: boolean): Promise<number[] | null>;
}

type Raw = Pick<PrismaClient, '$queryRawUnsafe'>;

/** The newest match of room $1, as a CTE of the seat-write statements. */
const NEWEST = `newest AS (SELECT id FROM "Match" WHERE "roomId" = $1 ORDER BY number DESC LIMIT 1)`;

/** Runs a seat write whose statement ends by counting its `changed` CTE; true when one seat changed. */
async function seatWrite(raw: Raw, statement: string, ...params: unknown[]): Promise<boolean> {
  const rows = await raw.$queryRawUnsafe<{ changed: number }[]>(
    `${statement}\nSELECT (SELECT count(*) FROM changed)::int AS changed`,
    ...params,
  );
  return rows[0]?.changed === 1;
}

export function createSeatWrites({ prisma }: Database): SeatWrites {
  return {
    claimSeat(roomId, index, claim) {
      return seatWrite(
        prisma,
        `WITH changed AS (
           UPDATE "Seat" SET name = $3, "tokenHash" = $4, "deviceId" = $5, "playerId" = $6, "claimedAt" = now() AT TIME ZONE 'UTC', rematch = false
           WHERE "roomId" = $1 AND index = $2::int AND "tokenHash" IS NULL AND NOT bot
           RETURNING index
         ), ${NEWEST}, player AS (
           INSERT INTO "MatchPlayer" ("matchId", seat, name, "deviceId", "playerId")
           SELECT newest.id, changed.index, $3, $5, $6 FROM changed, newest
           ON CONFLICT ("matchId", seat) DO UPDATE SET name = EXCLUDED.name, "deviceId" = EXCLUDED."deviceId", "playerId" = EXCLUDED."playerId"
         )`,
        roomId,
        index,
        claim.name,
        claim.tokenHash,
        claim.deviceId,
        claim.playerId ?? null,
      );
    },

    seatBot(roomId, index, bot) {
      return seatWrite(
        prisma,
        `WITH changed AS (
           UPDATE "Seat" SET name = $3, bot = true, "botStrength" = $4, "takenOver" = false, "deviceId" = NULL, "playerId" = NULL,
             "claimedAt" = now() AT TIME ZONE 'UTC', rematch = false
           WHERE "roomId" = $1 AND index = $2::int AND "tokenHash" IS NULL AND NOT bot
           RETURNING index
         ), ${NEWEST}, player AS (
           INSERT INTO "MatchPlayer" ("matchId", seat, name, "deviceId", "playerId")
           SELECT newest.id, changed.index, $3, NULL, NULL FROM changed, newest
           ON CONFLICT ("matchId", seat) DO UPDATE SET name = EXCLUDED.name, "deviceId" = NULL, "playerId" = NULL
         )`,
        roomId,
        index,
        bot.name,
        bot.strength,
      );
    },

    takeOverSeat(roomId, index, tokenHash, strength) {
      return seatWrite(
        prisma,
        `WITH changed AS (
           UPDATE "Seat" SET bot = true, "takenOver" = true, "botStrength" = $4
           WHERE "roomId" = $1 AND index = $2::int AND "tokenHash" = $3 AND NOT bot
           RETURNING index
         )`,
        roomId,
        index,
        tokenHash,
        strength,
      );
    },

    reclaimSeat(roomId, index, tokenHash) {
      return seatWrite(
        prisma,
        `WITH changed AS (
           UPDATE "Seat" SET bot = false, "takenOver" = false
           WHERE "roomId" = $1 AND index = $2::int AND "tokenHash" = $3 AND "takenOver"
           RETURNING index
         )`,
        roomId,
        index,
        tokenHash,
      );
    },

    renameSeat(roomId, index, tokenHash, name) {
      return seatWrite(
        prisma,
        `WITH changed AS (
           UPDATE "Seat" SET name = $4 WHERE "roomId" = $1 AND index = $2::int AND "tokenHash" = $3
           RETURNING index
         ), ${NEWEST}, player AS (
           UPDATE "MatchPlayer" SET name = $4 FROM changed, newest WHERE "MatchPlayer"."matchId" = newest.id AND "MatchPlayer".seat = changed.index
         )`,
        roomId,
        index,
        tokenHash,
        name,
      );
    },

    releaseSeat(roomId, index, tokenHash) {
      return seatWrite(
        prisma,
        `WITH changed AS (
           UPDATE "Seat" SET name = NULL, "tokenHash" = NULL, "deviceId" = NULL, "playerId" = NULL, "claimedAt" = NULL,
             rematch = false, bot = false, "takenOver" = false
           WHERE "roomId" = $1 AND index = $2::int AND "tokenHash" = $3
           RETURNING index
         ), ${NEWEST}, player AS (
           DELETE FROM "MatchPlayer" USING changed, newest WHERE "MatchPlayer"."matchId" = newest.id AND "MatchPlayer".seat = changed.index
         )`,
        roomId,
        index,
        tokenHash,
      );
    },

    vacateSeat(roomId, index, tokenHash, bot) {
      return seatWrite(
        prisma,
        `WITH changed AS (
           UPDATE "Seat" SET "tokenHash" = NULL, "deviceId" = NULL, "playerId" = NULL, rematch = false, "takenOver" = false,
             name = $4, bot = $4::text IS NOT NULL, "botStrength" = COALESCE($5, "botStrength"),
             "claimedAt" = CASE WHEN $4::text IS NULL THEN NULL ELSE now() AT TIME ZONE 'UTC' END
           WHERE "roomId" = $1 AND index = $2::int AND "tokenHash" = $3
           RETURNING index
         )`,
        roomId,
        index,
        tokenHash,
        bot?.name ?? null,
        bot?.strength ?? null,
      );
    },

    async voteRematch(roomId, index, tokenHash, accept) {
      const voted = await seatWrite(
        prisma,
        `WITH changed AS (
           UPDATE "Seat" SET rematch = $4 WHERE "roomId" = $1 AND index = $2::int AND "tokenHash" = $3
           RETURNING index
         )`,
        roomId,
        index,
        tokenHash,
        accept,
      );
      if (!voted) return null;
      const votes = await prisma.seat.findMany({
        where: { roomId, rematch: true },
        select: { index: true },
        orderBy: { index: 'asc' },
      });
      return votes.map((v) => v.index);
    },
  };
}
