// Rooms, their seats and their matches' players. Storage only: who sits where in the next match
// is the rules' decision (rooms/seating.ts applies it), handed in here as the seats to write.
//
// Every seat write is one conditional SQL statement (a seat changes only from the state the
// statement names, so of two racing writes one wins and the other learns it from the count),
// and the newest match's player row changes in that same statement: no interactive transaction,
// which a reconnect storm of claims would queue for (P2028).
import { DEFAULT_BOT_STRENGTH, type BotStrength } from '@mm/rules';
import type { PrismaClient } from '../generated/prisma/client.js';
import { toKeptSeat } from './challenges-store.js';
import type { Database } from './database.js';
import { json, toAction, toMatch, toSeat, uniqueViolationTarget, type StoredRoom, type StoredSeat } from './rows.js';

export interface RoomsStore {
  /** The room, its empty seats (or bots') and match number 1, in one transaction. */
  createRoom(input: {
    roomId: string;
    family: string;
    options: unknown;
    seatCount: number;
    matchId: string;
    seed: string;
    salt?: string | null;
    creatorPlayerId?: string | null;
    /** seats a bot takes from the start, under the name given, playing at `botStrength` */
    bots?: readonly { seat: number; name: string }[];
    botStrength?: BotStrength;
    hints?: boolean;
    takeOverAfterSec?: number | null;
    turnSeconds?: number | null;
    /** a Code of the day's room: the puzzle number its one match plays */
    daily?: number | null;
  }): Promise<void>;
  loadRoom(roomId: string): Promise<StoredRoom | null>;
  /** Only the seats of a room (another server may have changed them), by index. */
  loadSeats(roomId: string): Promise<StoredSeat[]>;
  /** The id of the room's newest match, or null for an unknown room. */
  currentMatchId(roomId: string): Promise<string | null>;
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
  setSpectators(roomId: string, on: boolean): Promise<void>;
  /** Every seat's vote after this one (votes of other servers' sockets included); null unless `tokenHash` holds the seat. */
  voteRematch(roomId: string, index: number, tokenHash: string, accept: boolean): Promise<number[] | null>;
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
  /** The merges whose seats have yet to follow (`recordMerge`), each with the rooms where `from` sits or is the creator. */
  pendingMerges(): Promise<{ from: string; into: string; roomIds: string[] }[]>;
  /** In the room: every seat `from` holds is `into`'s, and so is the room if `from` made it (tokens, names and seats stay). */
  followMerge(roomId: string, from: string, into: string): Promise<void>;
  /** The merge is done (no seat nor room of `from` left): its record goes, unless it now leads elsewhere. */
  mergeSettled(from: string, into: string): Promise<void>;
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

type Raw = Pick<PrismaClient, '$queryRawUnsafe'>;

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

export function createRoomsStore({ prisma }: Database): RoomsStore {
  return {
    async createRoom({
      roomId,
      family,
      options,
      seatCount,
      matchId,
      seed,
      salt = null,
      creatorPlayerId = null,
      bots = [],
      botStrength = DEFAULT_BOT_STRENGTH,
      hints = false,
      takeOverAfterSec = null,
      turnSeconds = null,
      daily = null,
    }) {
      if (!Number.isInteger(seatCount) || seatCount < 1)
        throw new RangeError(`seatCount must be a positive integer, got ${seatCount}`);
      if (bots.some((b) => !Number.isInteger(b.seat) || b.seat < 0 || b.seat >= seatCount))
        throw new RangeError(`bot seats must be seats of the room, got ${bots.map((b) => b.seat).join(',')}`);
      const opts = json(options, 'room options');
      const botAt = new Map(bots.map((b) => [b.seat, b.name]));
      const claimedAt = new Date();
      // One nested create is one transaction.
      await prisma.room.create({
        data: {
          id: roomId,
          family,
          options: opts,
          creatorPlayerId,
          hints,
          takeOverAfterSec,
          turnSeconds,
          daily,
          seats: {
            create: Array.from({ length: seatCount }, (_, index) => {
              const name = botAt.get(index);
              return name === undefined ? { index } : { index, bot: true, botStrength, name, claimedAt };
            }),
          },
          matches: {
            create: {
              id: matchId,
              number: 1,
              family,
              options: opts,
              seed,
              salt,
              players: {
                create: [...botAt].sort(([a], [b]) => a - b).map(([seat, name]) => ({ seat, name, deviceId: null })),
              },
            },
          },
        },
      });
    },

    async loadRoom(roomId) {
      const room = await prisma.room.findUnique({
        where: { id: roomId },
        include: {
          seats: { orderBy: { index: 'asc' } },
          matches: { orderBy: { number: 'desc' }, take: 1, include: { actions: { orderBy: { seq: 'asc' } } } },
          challenges: { orderBy: { createdAt: 'desc' }, take: 1, include: { challenged: { select: { name: true } } } },
        },
      });
      if (room === null) return null;
      const match = room.matches[0];
      if (match === undefined) throw new Error(`room ${roomId} has no match`);
      return {
        id: room.id,
        family: room.family,
        options: room.options,
        createdAt: room.createdAt,
        creatorPlayerId: room.creatorPlayerId,
        spectators: room.spectators,
        hints: room.hints,
        takeOverAfterSec: room.takeOverAfterSec,
        turnSeconds: room.turnSeconds,
        daily: room.daily,
        seats: room.seats.map(toSeat),
        rematchVotes: room.seats.filter((s) => s.rematch).map((s) => s.index),
        match: toMatch(match),
        actions: match.actions.map(toAction),
        challenge: room.challenges[0] ? toKeptSeat(room.challenges[0]) : null,
      };
    },

    async loadSeats(roomId) {
      const seats = await prisma.seat.findMany({ where: { roomId }, orderBy: { index: 'asc' } });
      return seats.map(toSeat);
    },

    async currentMatchId(roomId) {
      const match = await prisma.match.findFirst({ where: { roomId }, orderBy: { number: 'desc' }, select: { id: true } });
      return match?.id ?? null;
    },

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

    async setSpectators(roomId, on) {
      await prisma.room.update({ where: { id: roomId }, data: { spectators: on } });
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
