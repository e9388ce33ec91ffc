// The storage API the room code calls. Everything a match needs is its options,
// seed and append-only action log; the unique keys of that log are what keep two
// server processes racing on one room honest, so conflicts are reported as values
// (AppendOutcome, false) rather than thrown.
import { Prisma } from '../generated/prisma/client.js';
import { BOT_STRENGTHS, DEFAULT_BOT_STRENGTH, type BotStrength } from '@mm/rules';
import { botName } from '../bots/names.js';
import type { Database } from './database.js';
import { GroupCommit, type AppendOutcome } from './group-commit.js';
import { newPlayerId } from '../security/tokens.js';

export type { AppendOutcome } from './group-commit.js';

export interface StoredAction {
  seq: number;
  seat: number;
  actionId: string;
  payload: unknown;
  /** the salt of a setSecret's commitment; null for every other action */
  salt: string | null;
  createdAt: Date;
}
export interface StoredSeat {
  index: number;
  name: string | null;
  tokenHash: string | null;
  deviceId: string | null;
  /** the player holding the seat (every device of theirs may play it); null for a bot or a claim made without a device */
  playerId: string | null;
  /** a bot plays the seat (alone, with no token; or for its person when `takenOver`) */
  bot: boolean;
  /** the bot plays for the person whose name, token and device the seat keeps */
  takenOver: boolean;
  /** how well the bot plays (meaningful only while `bot`) */
  botStrength: BotStrength;
  /** when the seat was last taken, by a person or a bot (the database's clock); null while free */
  claimedAt: Date | null;
}
export interface StoredMatch {
  id: string;
  number: number;
  family: string;
  options: unknown;
  seed: string;
  createdAt: Date;
  finishedAt: Date | null;
  result: unknown | null;
  /** the salt of the commitment to the seed; null for matches made before commitments */
  salt: string | null;
}
export interface StoredRoom {
  id: string;
  family: string;
  options: unknown;
  createdAt: Date;
  /** sha256 of the creating device's token, if it sent one */
  creatorDeviceId: string | null;
  /** watchers see the match */
  spectators: boolean;
  /** seated players may ask for hints */
  hints: boolean;
  /** seconds a person must be gone before the others may hand the seat to a bot; null: never */
  takeOverAfterSec: number | null;
  /** the turn timer: seconds a seat has for each move; null: none */
  turnSeconds: number | null;
  seats: StoredSeat[];
  /** seats that accepted a rematch of the newest match */
  rematchVotes: number[];
  /** The newest match. */
  match: StoredMatch;
  /** Of that match, by seq. */
  actions: StoredAction[];
}
export interface StoredMatchPlayer {
  seat: number;
  name: string;
  deviceId: string | null;
  playerId: string | null;
}

/** One match with everything a replay or the history needs. */
export interface StoredMatchRecord {
  match: StoredMatch;
  roomId: string;
  /** the room's spectating setting (it governs the public view of an unfinished match) */
  spectators: boolean;
  players: StoredMatchPlayer[];
  actions: StoredAction[];
}

/** One line of a device's history. */
export interface StoredMatchSummary {
  match: StoredMatch;
  roomId: string;
  players: StoredMatchPlayer[];
}

export interface Store {
  kind: 'embedded' | 'postgres';
  /** The room, its empty seats and match number 1, in one transaction. */
  createRoom(input: {
    roomId: string;
    family: string;
    options: unknown;
    seatCount: number;
    matchId: string;
    seed: string;
    salt?: string | null;
    creatorDeviceId?: string | null;
    /** seats a bot takes from the start (named by `botName`), playing at `botStrength` */
    bots?: readonly number[];
    botStrength?: BotStrength;
    hints?: boolean;
    takeOverAfterSec?: number | null;
    turnSeconds?: number | null;
  }): Promise<void>;
  loadRoom(roomId: string): Promise<StoredRoom | null>;
  /** Only the seats of a room (another server may have changed them), by index. */
  loadSeats(roomId: string): Promise<StoredSeat[]>;
  /** The id of the room's newest match, or null for an unknown room. */
  currentMatchId(roomId: string): Promise<string | null>;
  /**
   * False when the seat is already taken (or does not exist). The claimant also becomes a
   * player of the room's newest match (MatchPlayer), in the same transaction.
   */
  claimSeat(
    roomId: string,
    index: number,
    claim: { name: string; tokenHash: string; deviceId: string | null; playerId?: string | null },
  ): Promise<boolean>;
  /** A bot takes a free seat (and becomes a player of the newest match); false when it is not free. */
  seatBot(roomId: string, index: number, strength?: BotStrength): Promise<boolean>;
  /** A bot plays for the person holding the seat with `tokenHash`; false unless they hold it and no bot plays it yet. */
  takeOverSeat(roomId: string, index: number, tokenHash: string): Promise<boolean>;
  /** The person with `tokenHash` plays the seat again; false unless a bot played it for them. */
  reclaimSeat(roomId: string, index: number, tokenHash: string): Promise<boolean>;
  /** False unless `tokenHash` holds the seat; the newest match forgets that player too. */
  releaseSeat(roomId: string, index: number, tokenHash: string): Promise<boolean>;
  /** False unless `tokenHash` holds the seat; the newest match lists the player under the new name too. */
  renameSeat(roomId: string, index: number, tokenHash: string, name: string): Promise<boolean>;
  /**
   * `seq-taken`: another action already has this seq (another node won the race).
   * `duplicate`: this actionId was already stored (a resend), at `seq`. A resend
   * that collides on both keys is reported as `duplicate`, since that is the
   * answer its sender needs.
   */
  appendAction(
    matchId: string,
    action: { seq: number; seat: number; actionId: string; payload: unknown; salt?: string | null },
  ): Promise<AppendOutcome>;
  actionsSince(matchId: string, afterSeq: number): Promise<StoredAction[]>;
  finishMatch(matchId: string, result: unknown): Promise<void>;
  /**
   * The player of a device, made on first use (a device unknown so far becomes a player of one
   * device); `name`, when given, becomes the player's name (one name across devices).
   */
  ensurePlayer(deviceId: string, seen?: { name?: string | undefined; userAgent?: string | undefined }): Promise<string>;
  /** The player of a known device, or null (nothing is made). */
  playerOfDevice(deviceId: string): Promise<string | null>;
  setSpectators(roomId: string, on: boolean): Promise<void>;
  /** Every seat's vote after this one (votes of other servers' sockets included); null unless `tokenHash` holds the seat. */
  voteRematch(roomId: string, index: number, tokenHash: string, accept: boolean): Promise<number[] | null>;
  /**
   * Match `number` of the room, with every person one seat on (seat i → i + 1 mod N, their
   * token and device with them) and every vote cleared, in one transaction. False when that
   * match already exists (another server started it first).
   */
  startRematch(
    roomId: string,
    match: { id: string; number: number; family: string; options: unknown; seed: string; salt: string },
  ): Promise<boolean>;
  /** A player's matches (from all their devices), newest first; `cursor` is the id of the last match of the previous page. */
  listMatches(playerId: string, page: { limit: number; cursor?: string | undefined }): Promise<StoredMatchSummary[]>;
  loadMatch(matchId: string): Promise<StoredMatchRecord | null>;
  close(): Promise<void>;
}

/**
 * Prisma's JSON input type excludes `undefined`, functions, cycles and a top-level
 * null; a round trip through JSON text turns anything serialisable into exactly
 * what will be read back, and fails loudly on the rest.
 */
function json(value: unknown, what: string): Prisma.InputJsonValue | typeof Prisma.JsonNull {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  const parsed: unknown = JSON.parse(text);
  return parsed === null ? Prisma.JsonNull : (parsed as Prisma.InputJsonValue);
}

/**
 * The columns a unique violation names. Adapters differ: pg reports the index
 * (`Action_pkey`, `Action_matchId_actionId_key`), PGlite the quoted column list.
 */
export function uniqueViolationTarget(e: unknown): string[] | null {
  if (!(e instanceof Prisma.PrismaClientKnownRequestError) || e.code !== 'P2002') return null;
  const meta: Record<string, unknown> = e.meta ?? {};
  const names: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') names.push(v.replaceAll('"', ''));
    else if (Array.isArray(v)) v.forEach(collect);
  };
  collect(meta['target']);
  const adapterError = meta['driverAdapterError'];
  if (adapterError instanceof Error && typeof adapterError.cause === 'object' && adapterError.cause !== null) {
    const constraint: unknown = (adapterError.cause as { constraint?: unknown }).constraint;
    if (typeof constraint === 'object' && constraint !== null) {
      const c = constraint as { fields?: unknown; index?: unknown };
      collect(c.fields);
      collect(c.index);
    }
  }
  return names;
}

/** A Seat row as stored: the strength is plain text there, read back into a `BotStrength`. */
type SeatRow = Omit<StoredSeat, 'botStrength'> & { botStrength: string };
const strengthOf = (s: string): BotStrength =>
  (BOT_STRENGTHS as readonly string[]).includes(s) ? (s as BotStrength) : DEFAULT_BOT_STRENGTH;
const toSeat = (s: SeatRow): StoredSeat => ({
  index: s.index,
  name: s.name,
  tokenHash: s.tokenHash,
  deviceId: s.deviceId,
  playerId: s.playerId,
  bot: s.bot,
  takenOver: s.takenOver,
  botStrength: strengthOf(s.botStrength),
  claimedAt: s.claimedAt,
});

type ActionRow = { seq: number; seat: number; actionId: string; payload: Prisma.JsonValue; salt: string | null; createdAt: Date };
const toAction = (a: ActionRow): StoredAction => ({
  seq: a.seq,
  seat: a.seat,
  actionId: a.actionId,
  payload: a.payload,
  salt: a.salt,
  createdAt: a.createdAt,
});

type MatchRow = {
  id: string;
  number: number;
  family: string;
  options: Prisma.JsonValue;
  seed: string;
  salt: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  result: Prisma.JsonValue;
};
const toMatch = (m: MatchRow): StoredMatch => ({
  id: m.id,
  number: m.number,
  family: m.family,
  options: m.options,
  seed: m.seed,
  salt: m.salt,
  createdAt: m.createdAt,
  finishedAt: m.finishedAt,
  result: m.result,
});
const toPlayer = (p: { seat: number; name: string; deviceId: string | null; playerId: string | null }): StoredMatchPlayer => ({
  seat: p.seat,
  name: p.name,
  deviceId: p.deviceId,
  playerId: p.playerId,
});

export function createStore(db: Database): Store {
  const { prisma } = db;
  // The hot path: plain SQL, many rooms' actions in one INSERT (group-commit.ts).
  const log = new GroupCommit(db.sql, { maxInFlight: db.kind === 'embedded' ? 1 : 4 });
  return {
    kind: db.kind,

    async createRoom({
      roomId,
      family,
      options,
      seatCount,
      matchId,
      seed,
      salt = null,
      creatorDeviceId = null,
      bots = [],
      botStrength = DEFAULT_BOT_STRENGTH,
      hints = false,
      takeOverAfterSec = null,
      turnSeconds = null,
    }) {
      if (!Number.isInteger(seatCount) || seatCount < 1)
        throw new RangeError(`seatCount must be a positive integer, got ${seatCount}`);
      if (bots.some((b) => !Number.isInteger(b) || b < 0 || b >= seatCount))
        throw new RangeError(`bot seats must be seats of the room, got ${bots.join(',')}`);
      const opts = json(options, 'room options');
      const isBot = new Set(bots);
      // One nested create is one transaction.
      await prisma.room.create({
        data: {
          id: roomId,
          family,
          options: opts,
          creatorDeviceId,
          hints,
          takeOverAfterSec,
          turnSeconds,
          seats: {
            create: Array.from({ length: seatCount }, (_, index) =>
              isBot.has(index) ? { index, bot: true, botStrength, name: botName(index), claimedAt: new Date() } : { index },
            ),
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
                create: [...isBot].sort((a, b) => a - b).map((seat) => ({ seat, name: botName(seat), deviceId: null })),
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
        creatorDeviceId: room.creatorDeviceId,
        spectators: room.spectators,
        hints: room.hints,
        takeOverAfterSec: room.takeOverAfterSec,
        turnSeconds: room.turnSeconds,
        seats: room.seats.map(toSeat),
        rematchVotes: room.seats.filter((s) => s.rematch).map((s) => s.index),
        match: toMatch(match),
        actions: match.actions.map(toAction),
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

    async claimSeat(roomId, index, claim) {
      // One statement, no interactive transaction: a reconnect storm of claims must not queue for
      // transactions (P2028). The conditional UPDATE lets one of two racing claims through; the
      // claimant becomes a player of the newest match in the same statement.
      const rows = await prisma.$queryRawUnsafe<{ claimed: number }[]>(
        `WITH claimed AS (
           UPDATE "Seat" SET name = $3, "tokenHash" = $4, "deviceId" = $5, "playerId" = $6, "claimedAt" = now() AT TIME ZONE 'UTC', rematch = false
           WHERE "roomId" = $1 AND index = $2::int AND "tokenHash" IS NULL AND NOT bot
           RETURNING index
         ), newest AS (
           SELECT id FROM "Match" WHERE "roomId" = $1 ORDER BY number DESC LIMIT 1
         ), player AS (
           INSERT INTO "MatchPlayer" ("matchId", seat, name, "deviceId", "playerId")
           SELECT newest.id, claimed.index, $3, $5, $6 FROM claimed, newest
           ON CONFLICT ("matchId", seat) DO UPDATE SET name = EXCLUDED.name, "deviceId" = EXCLUDED."deviceId", "playerId" = EXCLUDED."playerId"
           RETURNING 1
         )
         SELECT (SELECT count(*) FROM claimed)::int AS claimed`,
        roomId,
        index,
        claim.name,
        claim.tokenHash,
        claim.deviceId,
        claim.playerId ?? null,
      );
      return rows[0]?.claimed === 1;
    },

    async seatBot(roomId, index, strength = DEFAULT_BOT_STRENGTH) {
      return prisma.$transaction(async (tx) => {
        const name = botName(index);
        const { count } = await tx.seat.updateMany({
          where: { roomId, index, tokenHash: null, bot: false },
          data: {
            name,
            bot: true,
            botStrength: strength,
            takenOver: false,
            deviceId: null,
            playerId: null,
            claimedAt: new Date(),
            rematch: false,
          },
        });
        if (count !== 1) return false;
        const match = await tx.match.findFirst({ where: { roomId }, orderBy: { number: 'desc' }, select: { id: true } });
        if (match) {
          await tx.matchPlayer.upsert({
            where: { matchId_seat: { matchId: match.id, seat: index } },
            update: { name, deviceId: null, playerId: null },
            create: { matchId: match.id, seat: index, name, deviceId: null, playerId: null },
          });
        }
        return true;
      });
    },

    async takeOverSeat(roomId, index, tokenHash) {
      const { count } = await prisma.seat.updateMany({
        where: { roomId, index, tokenHash, bot: false },
        data: { bot: true, takenOver: true, botStrength: DEFAULT_BOT_STRENGTH },
      });
      return count === 1;
    },

    async reclaimSeat(roomId, index, tokenHash) {
      const { count } = await prisma.seat.updateMany({
        where: { roomId, index, tokenHash, takenOver: true },
        data: { bot: false, takenOver: false },
      });
      return count === 1;
    },

    async releaseSeat(roomId, index, tokenHash) {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.seat.updateMany({
          where: { roomId, index, tokenHash },
          data: {
            name: null,
            tokenHash: null,
            deviceId: null,
            playerId: null,
            claimedAt: null,
            rematch: false,
            bot: false,
            takenOver: false,
          },
        });
        if (count !== 1) return false;
        const match = await tx.match.findFirst({ where: { roomId }, orderBy: { number: 'desc' }, select: { id: true } });
        if (match) await tx.matchPlayer.deleteMany({ where: { matchId: match.id, seat: index } });
        return true;
      });
    },

    async renameSeat(roomId, index, tokenHash, name) {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.seat.updateMany({ where: { roomId, index, tokenHash }, data: { name } });
        if (count !== 1) return false;
        const match = await tx.match.findFirst({ where: { roomId }, orderBy: { number: 'desc' }, select: { id: true } });
        if (match) await tx.matchPlayer.updateMany({ where: { matchId: match.id, seat: index }, data: { name } });
        return true;
      });
    },

    async appendAction(matchId, action) {
      const payloadJson = JSON.stringify(action.payload);
      if (payloadJson === undefined) throw new TypeError('action payload is not JSON-serialisable');
      return log.append({
        matchId,
        seq: action.seq,
        seat: action.seat,
        actionId: action.actionId,
        payloadJson,
        salt: action.salt ?? null,
      });
    },

    async actionsSince(matchId, afterSeq) {
      const rows = await prisma.action.findMany({ where: { matchId, seq: { gt: afterSeq } }, orderBy: { seq: 'asc' } });
      return rows.map(toAction);
    },

    async finishMatch(matchId, result) {
      const value = json(result, 'match result');
      await prisma.match.update({
        where: { id: matchId },
        data: { finishedAt: new Date(), result: value === Prisma.JsonNull ? Prisma.DbNull : value },
      });
    },

    async ensurePlayer(deviceId, seen = {}) {
      const { name, userAgent } = seen;
      const now = new Date();
      const known = await prisma.device.findUnique({ where: { id: deviceId }, select: { playerId: true } });
      if (known) {
        await prisma.device.update({
          where: { id: deviceId },
          data: {
            lastSeenAt: now,
            ...(name !== undefined ? { name, player: { update: { name } } } : {}),
            ...(userAgent ? { userAgent } : {}),
          },
        });
        return known.playerId;
      }
      const playerId = newPlayerId();
      try {
        // One nested create is one transaction: never a device without its player.
        await prisma.device.create({
          data: {
            id: deviceId,
            name: name ?? '',
            userAgent: userAgent ?? null,
            player: { create: { id: playerId, name: name ?? '' } },
          },
        });
        return playerId;
      } catch (e) {
        // Two first requests of one device raced: the other made it.
        if (uniqueViolationTarget(e) === null) throw e;
        const row = await prisma.device.findUniqueOrThrow({ where: { id: deviceId }, select: { playerId: true } });
        return row.playerId;
      }
    },

    async playerOfDevice(deviceId) {
      const row = await prisma.device.findUnique({ where: { id: deviceId }, select: { playerId: true } });
      return row?.playerId ?? null;
    },

    async setSpectators(roomId, on) {
      await prisma.room.update({ where: { id: roomId }, data: { spectators: on } });
    },

    async voteRematch(roomId, index, tokenHash, accept) {
      const { count } = await prisma.seat.updateMany({ where: { roomId, index, tokenHash }, data: { rematch: accept } });
      if (count !== 1) return null;
      const votes = await prisma.seat.findMany({
        where: { roomId, rematch: true },
        select: { index: true },
        orderBy: { index: 'asc' },
      });
      return votes.map((v) => v.index);
    },

    async startRematch(roomId, m) {
      try {
        await prisma.$transaction(async (tx) => {
          const seats = await tx.seat.findMany({ where: { roomId }, orderBy: { index: 'asc' } });
          const opts = json(m.options, 'match options');
          // Created first: the unique (roomId, number) makes a second server's attempt fail here, before any seat moves.
          await tx.match.create({
            data: { id: m.id, roomId, number: m.number, family: m.family, options: opts, seed: m.seed, salt: m.salt },
          });
          const n = seats.length;
          for (const seat of seats) {
            const from = seats[(seat.index - 1 + n) % n] ?? seat;
            await tx.seat.update({
              where: { roomId_index: { roomId, index: seat.index } },
              data: {
                // a bot of its own is named after its seat; a bot playing for a person keeps the person's name
                name: from.bot && !from.takenOver ? botName(seat.index) : from.name,
                tokenHash: from.tokenHash,
                deviceId: from.deviceId,
                playerId: from.playerId,
                claimedAt: from.claimedAt,
                rematch: false,
                bot: from.bot,
                takenOver: from.takenOver,
                botStrength: from.botStrength,
              },
            });
            if (from.name !== null) {
              const name = from.bot && !from.takenOver ? botName(seat.index) : from.name;
              await tx.matchPlayer.create({
                data: { matchId: m.id, seat: seat.index, name, deviceId: from.deviceId, playerId: from.playerId },
              });
            }
          }
        });
        return true;
      } catch (e) {
        if (uniqueViolationTarget(e) !== null) return false;
        throw e;
      }
    },

    async listMatches(playerId, { limit, cursor }) {
      const rows = await prisma.match.findMany({
        where: { players: { some: { playerId } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
        include: { players: { orderBy: { seat: 'asc' } } },
      });
      return rows.map((m) => ({ match: toMatch(m), roomId: m.roomId, players: m.players.map(toPlayer) }));
    },

    async loadMatch(matchId) {
      const m = await prisma.match.findUnique({
        where: { id: matchId },
        include: {
          actions: { orderBy: { seq: 'asc' } },
          players: { orderBy: { seat: 'asc' } },
          room: { select: { spectators: true } },
        },
      });
      if (m === null) return null;
      return {
        match: toMatch(m),
        roomId: m.roomId,
        spectators: m.room.spectators,
        players: m.players.map(toPlayer),
        actions: m.actions.map(toAction),
      };
    },

    close: () => db.close(),
  };
}
