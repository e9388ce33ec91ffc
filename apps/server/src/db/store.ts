// The storage API the room code calls. Everything a match needs is its options,
// seed and append-only action log; the unique keys of that log are what keep two
// server processes racing on one room honest, so conflicts are reported as values
// (AppendOutcome, false) rather than thrown.
import { Prisma } from '../generated/prisma/client.js';
import type { Database } from './database.js';

export interface StoredAction { seq: number; seat: number; actionId: string; payload: unknown; createdAt: Date }
export interface StoredSeat { index: number; name: string | null; tokenHash: string | null; deviceId: string | null }
export interface StoredMatch {
  id: string;
  number: number;
  family: string;
  options: unknown;
  seed: string;
  createdAt: Date;
  finishedAt: Date | null;
  result: unknown | null;
}
export interface StoredRoom {
  id: string;
  family: string;
  options: unknown;
  createdAt: Date;
  seats: StoredSeat[];
  /** The newest match. */
  match: StoredMatch;
  /** Of that match, by seq. */
  actions: StoredAction[];
}
export type AppendOutcome = { ok: true } | { ok: false; reason: 'seq-taken' } | { ok: false; reason: 'duplicate'; seq: number };

export interface Store {
  kind: 'embedded' | 'postgres';
  /** The room, its empty seats and match number 1, in one transaction. */
  createRoom(input: { roomId: string; family: string; options: unknown; seatCount: number; matchId: string; seed: string }): Promise<void>;
  loadRoom(roomId: string): Promise<StoredRoom | null>;
  /** False when the seat is already taken (or does not exist). */
  claimSeat(roomId: string, index: number, claim: { name: string; tokenHash: string; deviceId: string | null }): Promise<boolean>;
  /** False unless `tokenHash` holds the seat. */
  releaseSeat(roomId: string, index: number, tokenHash: string): Promise<boolean>;
  /** False unless `tokenHash` holds the seat. */
  renameSeat(roomId: string, index: number, tokenHash: string, name: string): Promise<boolean>;
  /**
   * `seq-taken`: another action already has this seq (another node won the race).
   * `duplicate`: this actionId was already stored (a resend), at `seq`. A resend
   * that collides on both keys is reported as `duplicate`, since that is the
   * answer its sender needs.
   */
  appendAction(matchId: string, action: { seq: number; seat: number; actionId: string; payload: unknown }): Promise<AppendOutcome>;
  actionsSince(matchId: string, afterSeq: number): Promise<StoredAction[]>;
  finishMatch(matchId: string, result: unknown): Promise<void>;
  upsertDevice(deviceId: string, name: string): Promise<void>;
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

type ActionRow = { seq: number; seat: number; actionId: string; payload: Prisma.JsonValue; createdAt: Date };
const toAction = (a: ActionRow): StoredAction => ({
  seq: a.seq, seat: a.seat, actionId: a.actionId, payload: a.payload, createdAt: a.createdAt,
});

export function createStore(db: Database): Store {
  const { prisma } = db;
  return {
    kind: db.kind,

    async createRoom({ roomId, family, options, seatCount, matchId, seed }) {
      if (!Number.isInteger(seatCount) || seatCount < 1) throw new RangeError(`seatCount must be a positive integer, got ${seatCount}`);
      const opts = json(options, 'room options');
      // One nested create is one transaction.
      await prisma.room.create({
        data: {
          id: roomId,
          family,
          options: opts,
          seats: { create: Array.from({ length: seatCount }, (_, index) => ({ index })) },
          matches: { create: { id: matchId, number: 1, family, options: opts, seed } },
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
        seats: room.seats.map((s) => ({ index: s.index, name: s.name, tokenHash: s.tokenHash, deviceId: s.deviceId })),
        match: {
          id: match.id,
          number: match.number,
          family: match.family,
          options: match.options,
          seed: match.seed,
          createdAt: match.createdAt,
          finishedAt: match.finishedAt,
          result: match.result,
        },
        actions: match.actions.map(toAction),
      };
    },

    async claimSeat(roomId, index, claim) {
      // A single conditional UPDATE: of two racing claims, the database lets one through.
      const { count } = await prisma.seat.updateMany({
        where: { roomId, index, tokenHash: null },
        data: { name: claim.name, tokenHash: claim.tokenHash, deviceId: claim.deviceId, claimedAt: new Date() },
      });
      return count === 1;
    },

    async releaseSeat(roomId, index, tokenHash) {
      const { count } = await prisma.seat.updateMany({
        where: { roomId, index, tokenHash },
        data: { name: null, tokenHash: null, deviceId: null, claimedAt: null },
      });
      return count === 1;
    },

    async renameSeat(roomId, index, tokenHash, name) {
      const { count } = await prisma.seat.updateMany({ where: { roomId, index, tokenHash }, data: { name } });
      return count === 1;
    },

    async appendAction(matchId, action) {
      try {
        await prisma.action.create({
          data: { matchId, seq: action.seq, seat: action.seat, actionId: action.actionId, payload: json(action.payload, 'action payload') },
        });
        return { ok: true };
      } catch (e) {
        const target = uniqueViolationTarget(e);
        if (target === null) throw e;
        // Ask the table rather than trust which of the two keys the database
        // happened to check first.
        const existing = await prisma.action.findUnique({
          where: { matchId_actionId: { matchId, actionId: action.actionId } },
          select: { seq: true },
        });
        if (existing !== null) return { ok: false, reason: 'duplicate', seq: existing.seq };
        return { ok: false, reason: 'seq-taken' };
      }
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

    async upsertDevice(deviceId, name) {
      await prisma.device.upsert({ where: { id: deviceId }, update: { name }, create: { id: deviceId, name } });
    },

    close: () => db.close(),
  };
}
