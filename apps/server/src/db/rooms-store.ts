// Rooms, their seats and their matches' players. Storage only: who sits where in the next match
// is the rules' decision (rooms/seating.ts applies it), handed in here as the seats to write.
// One port, by concern: the room's rows (here), its seat writes (seat-writes.ts), its next match
// (next-match-store.ts) and the merges its seats follow (merges-store.ts).
import { DEFAULT_BOT_STRENGTH, type BotStrength } from '@mm/rules';
import { toKeptSeat } from './challenges-store.js';
import type { Database } from './database.js';
import { createMergeFollowing, type MergeFollowing } from './merges-store.js';
import { createNextMatchStore, type NextMatchStore } from './next-match-store.js';
import { json, toAction, toMatch, toSeat, type StoredRoom, type StoredSeat } from './rows.js';
import { createSeatWrites, type SeatWrites } from './seat-writes.js';

export { recordMerge } from './merges-store.js';
export type { NextMatchRow, NextMatchStarted } from './next-match-store.js';

/** A room's own rows: creating it, reading it whole or its seats, and its settings. */
export interface RoomRows {
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
  setSpectators(roomId: string, on: boolean): Promise<void>;
}

export type RoomsStore = RoomRows & SeatWrites & NextMatchStore & MergeFollowing;

export function createRoomsStore(db: Database): RoomsStore {
  const { prisma } = db;
  return {
    ...createSeatWrites(db),
    ...createNextMatchStore(db),
    ...createMergeFollowing(db),

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

    async setSpectators(roomId, on) {
      await prisma.room.update({ where: { id: roomId }, data: { spectators: on } });
    },
  };
}
